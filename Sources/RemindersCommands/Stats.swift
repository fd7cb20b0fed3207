import ArgumentParser
import Foundation
import RemindersCore
import RemindersMessages
import RemindersReports
import RemindersStore
import RemindersTerminal

#if canImport(Glibc)
  import Glibc
#endif

/// `reminders stats`: the study heatmap and the figures under it (docs/focus-and-stats.md).
struct Stats: ParsableCommand {
  static let configuration = CommandConfiguration.described(.stats, name: "stats")

  @OptionGroup var global: GlobalOptions
  @OptionGroup var time: TimeOptions

  // Unconditional: `--weeks -1` is a value to refuse, not an unknown flag.
  @Option(parsing: .unconditional, help: .catalogue(.statsWeeks))
  var weeks: Int = 26

  @Flag(help: .catalogue(.jsonStats))
  var json = false

  @Option(
    help: .catalogue(.statsSVG, valueName: "path"))
  var svg: String?

  static let weeksRange = 1...260

  func validate() throws {
    guard Stats.weeksRange.contains(weeks) else { throw ValidationError(.weeks) }
    try CommandLinePath.check(svg, option: "--svg")
    if svg == "-" && json { throw ValidationError(.svgAndJSON) }
  }

  func run() throws {
    let invocation = try Invocation(global)
    if let svg, svg != "-" { try CommandLinePath.requireFolder(of: svg, words: invocation.words) }
    let now = time.instant(in: invocation.clock)
    var report = StudyReport(
      locale: invocation.locale, now: now, stats: try invocation.workspace.studyStats(now: now, weeks: weeks))
    if invocation.configuration.studyScheduler.fsrs != nil {
      report.fsrsParameters = invocation.workspace.fsrsParametersInUse
    }
    if let svg {
      let picture = Array(StudyPicture(report: report).svg.utf8)
      if svg == "-" {
        try StandardStreams.write(picture)
        return
      }
      try FileIO.writeAtomically(picture, to: svg)
    }
    if json {
      print(report.json.rendered())
    } else {
      print(report.text(color: StudyReport.usesColor(invocation.environment)), terminator: "")
      if let svg {
        print(invocation.words.wrotePicture(to: svg))
      }
    }
  }
}

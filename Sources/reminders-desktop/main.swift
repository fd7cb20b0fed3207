import Foundation
import RemindersApp
import RemindersWindow

// `reminders-desktop [--config PATH] [--deck PATH] [--state-dir PATH] [--lang ja|en] [--study]
// [--screenshots DIR]` (docs/app.md): the files as every command takes them; `--study` opens
// Study; `--screenshots` saves DIR/home.png and DIR/study.png and quits (`make demo`).
var options = WorkspaceOptions()
var study = false
var screenshots: String?
// What is not ours goes to GApplication (`--gapplication-service`, when D-Bus starts the app).
var passed = [CommandLine.arguments.first ?? "reminders-desktop"]
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
  let (name, inline) =
    argument.firstIndex(of: "=").map {
      (String(argument[..<$0]), String(argument[argument.index(after: $0)...]))
    }
    ?? (argument, nil)
  func value() -> String? { inline ?? arguments.popFirst() }
  switch name {
  case "--config": options.config = value()
  case "--deck": options.deck = value()
  case "--state-dir": options.stateDir = value()
  case "--lang": options.lang = value()
  case "--study": study = true
  case "--screenshots": screenshots = value()
  default: passed.append(argument)
  }
}
let status = MainActor.assumeIsolated {
  DesktopApp(options: options, environment: ProcessInfo.processInfo.environment, screenshots: screenshots)
    .run(
      study: study, arguments: passed)
}
exit(status)

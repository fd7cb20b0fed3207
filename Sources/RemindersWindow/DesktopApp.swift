import Foundation
import RemindersApp
import RemindersCore
import RemindersDesktop
import RemindersGtk
import RemindersMessages
import RemindersReports
import RemindersStore

/// `reminders-desktop` (docs/app.md): one window of pages over the App layer, one instance per
/// session (a second launch raises the window, or opens Study when asked).
@MainActor
public final class DesktopApp {
  /// The application id: the D-Bus name, the `.desktop` file's name, the icon's, and the
  /// pop-ups' `desktop-entry` hint.
  public static let id = ApplicationID.value

  let options: WorkspaceOptions
  let environment: [String: String]
  let application: Application
  var window: Window?
  var stack: ViewStack?
  var home: HomePage?
  var study: StudyPage?
  var settings: SettingsPage?
  var workspace: Workspace?
  var stamp: WorkspaceStamp?
  /// Asked for before the window was made (`--study`, or the action from a second launch).
  var openStudy = false

  /// Where `--screenshots` saves `home.png` and `study.png`; nil: the app as the learner uses it.
  let screenshots: String?
  /// Whether a screenshot could not be saved (the exit status is then 1).
  var screenshotFailed = false

  /// With `screenshots`, an instance of its own (beside the learner's, if one runs) that shows
  /// Home and Study, saves a picture of each into that folder, and quits (`make demo`).
  public init(options: WorkspaceOptions, environment: [String: String], screenshots: String? = nil) {
    self.options = options
    self.environment = environment
    self.screenshots = screenshots
    application = Application(id: DesktopApp.id, alone: screenshots != nil)
  }

  /// Runs the app; `study` opens Study (the pop-up's "Review here" with `review.in = "app"`);
  /// `arguments` are GApplication's (`--gapplication-service`), the program's name first.
  /// Returns the exit status.
  public func run(study: Bool, arguments: [String]) -> Int32 {
    application.addAction("study") { [unowned self] in
      self.openStudy = true
      self.present()
    }
    application.addAction("quit") { [unowned self] in
      self.study?.close()
      self.application.quit()
    }
    application.setShortcuts(["<Control>q"], for: "app.quit")
    application.onActivate { [unowned self] in
      self.present()
      if let folder = self.screenshots { self.takeScreenshots(into: folder) }
    }
    // A session open when the app is ended is closed first: its answers folded, its lock let go.
    MainLoop.onTermination { [unowned self] in
      self.study?.close()
      self.application.quit()
    }
    application.register()
    // Another instance runs: it is asked (over D-Bus) to open Study, and `run` below asks it to
    // show its window; this process then ends.
    if study { application.activateAction("study") }
    let status = application.run(arguments: arguments)
    return screenshotFailed && status == 0 ? 1 : status
  }

  /// Home, then Study (its first card), each drawn into a PNG file once the window has been laid
  /// out and painted; then the session is closed unanswered and the app quits.
  func takeScreenshots(into folder: String) {
    let save = { [unowned self] (name: String) in
      let path = folder + "/" + name
      if self.window?.savePNG(to: path) == true { print(path) } else { self.screenshotFailed = true }
    }
    MainLoop.after(milliseconds: 1500) { [unowned self] in
      save("home.png")
      self.stack?.visibleName = "study"
      self.study?.begin()
      MainLoop.after(milliseconds: 1500) { [unowned self] in
        save("study.png")
        self.study?.close()
        self.application.quit()
      }
    }
  }

  /// The window, made the first time, shown in front; Study when it was asked for.
  func present() {
    if window == nil { build() }
    if openStudy {
      openStudy = false
      stack?.visibleName = "study"
      study?.begin()
    }
    window?.present()
  }

  func build() {
    let stack = ViewStack()
    let home = HomePage { [unowned self] in
      self.stack?.visibleName = "study"
      self.study?.begin()
    }
    let study = StudyPage(
      onChange: { [unowned self] in self.reload() },
      onHome: { [unowned self] in self.stack?.visibleName = "home" })
    let settings = SettingsPage { [unowned self] in self.reload() }
    let words = Language.resolve(lang: options.lang, configured: nil, environment: environment).words
    stack.add(home.root, name: "home", title: words.homePage, icon: "go-home-symbolic")
    stack.add(study.root, name: "study", title: words.studyPage, icon: "accessories-dictionary-symbolic")
    stack.add(settings.root, name: "settings", title: words.settingsPage, icon: "emblem-system-symbolic")
    let header = HeaderBar(stack: stack, title: words.appName)
    let content = Box(.vertical, spacing: 0)
    content.append(header)
    stack.expand(horizontally: true, vertically: true)
    content.append(stack)
    content.append(header.switcherBar)
    let window = Window(application: application, title: words.appName)
    window.setContent(content)
    self.window = window
    self.stack = stack
    self.home = home
    self.study = study
    self.settings = settings
    reload()
    // Changes made elsewhere (a terminal's answers, `config set`): a few `stat` calls a second.
    MainLoop.every(seconds: 1) { [unowned self] in
      guard let workspace = self.workspace else { return self.reload() }
      // A session's own answers change the journal at every card: the pages behind Study are
      // read again when Home is shown or the session ends, not while the learner answers (at
      // 100,000 cards a reading would hold the next card back).
      if self.study?.session != nil && self.stack?.visibleName != "home" { return }
      if WorkspaceStamp(paths: workspace.watchedPaths) != self.stamp { self.reload() }
    }
  }

  /// Reads the workspace and every page again: at the start, after a change made here, and when
  /// a file changed.
  func reload() {
    guard let home, let study, let settings, let stack, let window else { return }
    let now = Date()
    let workspace: Workspace
    do {
      workspace = try Workspace.open(options, environment: environment, notices: { _ in { _ in } })
    } catch {
      let language = Language.resolve(lang: options.lang, configured: nil, environment: environment)
      self.workspace = nil
      home.show(problem: ErrorWords(language: language).line(error), words: language.words)
      if let paths = try? Paths(environment: environment, config: options.config) {
        settings.show(SettingsFile(path: paths.config, home: paths.home), language: language)
      }
      return
    }
    self.workspace = workspace
    stamp = WorkspaceStamp(paths: workspace.watchedPaths)
    let words = workspace.language.words
    let locale = ReportLocale(
      language: workspace.language, clock: workspace.dayClock, zoneName: workspace.zoneName)
    window.setTitle(words.appName)
    stack.retitle(home.root, title: words.homePage)
    stack.retitle(study.root, title: words.studyPage)
    stack.retitle(settings.root, title: words.settingsPage)
    settings.show(
      SettingsFile(path: workspace.paths.config, home: workspace.paths.home), language: workspace.language)
    do {
      let run = workspace.deliveryRun
      let screen = try HomeScreen.read(workspace, now: now) { input, ledger, now, end in
        try run.preview(input, ledger: ledger, now: now, until: end, atLeast: 1)
      }
      let stats = try? workspace.studyStats(now: now, weeks: 12)
      home.show(screen, stats: stats, locale: locale)
      study.prepare(workspace, locale: locale, collections: screen.collections)
    } catch {
      home.show(problem: ErrorWords(language: workspace.language).line(error), words: words)
    }
  }
}

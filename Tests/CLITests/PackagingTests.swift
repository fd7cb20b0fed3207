import CLITestSupport
import Foundation
import Testing

/// `make deb`, read back with dpkg: the dependency, every file the package promises, and a
/// binary that runs once installed. Builds the release binary (in .build-release, since
/// `swift test` holds the lock on .build), once for the whole suite.
@Suite(.serialized) struct PackagingTests {
  /// The package built by `make deb` and unpacked with `dpkg -x`.
  struct Package {
    var file: String
    var root: String
    var info: String
  }

  static let built: Result<Package, PackagingError> = {
    do {
      let make = try Programs.run(["make", "deb"], directory: Programs.repository)
      guard make.status == 0 else {
        return .failure(PackagingError("make deb failed:\n\(make.stdout)\n\(make.stderr)"))
      }
      let version = try Binary().run("--version").stdout.trimmingCharacters(in: .whitespacesAndNewlines)
      let arch = try Programs.run(["dpkg", "--print-architecture"]).stdout.trimmingCharacters(
        in: .whitespacesAndNewlines)
      let file = Programs.repository + "/dist/reminders_\(version)_\(arch).deb"
      let root = NSTemporaryDirectory() + "reminders-deb-\(UUID().uuidString)"
      let extract = try Programs.run(["dpkg", "-x", file, root])
      guard extract.status == 0 else { return .failure(PackagingError("dpkg -x \(file): \(extract.stderr)")) }
      let info = try Programs.run(["dpkg-deb", "-I", file])
      guard info.status == 0 else { return .failure(PackagingError("dpkg-deb -I \(file): \(info.stderr)")) }
      return .success(Package(file: file, root: root, info: info.stdout))
    } catch {
      return .failure(PackagingError("\(error)"))
    }
  }()

  struct PackagingError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
  }

  func package() throws -> Package { try PackagingTests.built.get() }

  @Test func controlNamesTheVersionArchitectureAndDependency() throws {
    let package = try package()
    let fields = package.info.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
    let version = try Binary().run("--version").stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    #expect(fields.contains("Package: reminders"))
    #expect(fields.contains("Version: \(version)"))
    let depends = try #require(fields.first { $0.hasPrefix("Depends: ") })
    let names = depends.dropFirst("Depends: ".count).split(separator: ",").map {
      $0.trimmingCharacters(in: .whitespaces).split(separator: " ")[0]
    }
    #expect(names.contains("libdbus-1-3"))
    #expect(names.contains("libc6"))
    // The CalDAV helper's TLS is its own (BoringSSL, linked in); it needs zlib.
    #expect(names.contains("zlib1g"))
    #expect(!names.contains { $0.hasPrefix("libcurl") || $0.hasPrefix("libssl") })
  }

  @Test func everyPromisedFileIsThere() throws {
    let root = try package().root
    let files = [
      "usr/bin/reminders", "usr/lib/reminders/reminders-caldav", "usr/lib/systemd/user/reminders.service",
      "usr/lib/systemd/user/reminders.timer",
      "usr/lib/systemd/user/reminders-watch.service",
      "usr/share/applications/reminders.desktop", "usr/share/icons/hicolor/scalable/apps/reminders.svg",
      "usr/share/man/man1/reminders.1.gz", "usr/share/bash-completion/completions/reminders",
      "usr/share/zsh/vendor-completions/_reminders", "usr/share/fish/vendor_completions.d/reminders.fish",
    ]
    for file in files {
      let size = (try? FileManager.default.attributesOfItem(atPath: root + "/" + file)[.size] as? Int) ?? 0
      #expect(size > 0, "\(file) is missing or empty")
    }
    #expect(FileManager.default.isExecutableFile(atPath: root + "/usr/bin/reminders"))
  }

  @Test func theInstalledBinaryRuns() throws {
    let binary = try package().root + "/usr/bin/reminders"
    let help = try Programs.run([binary, "--help"])
    #expect(help.status == 0, "\(help.stderr)")
    #expect(help.stdout.contains("USAGE: reminders <subcommand>"))
    for command in ["timer", "doctor"] { #expect(help.stdout.contains("\n  \(command) ")) }
    // The shipped units are the CLI's text for /usr/bin/reminders, as in packaging/systemd/.
    for (file, line) in [
      ("reminders.service", "\nExecStart=/usr/bin/reminders run\n"),
      ("reminders.timer", "\nPersistent=true\n"),
      ("reminders-watch.service", "\nExecStart=/usr/bin/reminders watch\n"),
    ] {
      let shipped = try String(
        contentsOfFile: try package().root + "/usr/lib/systemd/user/" + file, encoding: .utf8)
      #expect(shipped.contains(line), "\(file)")
      let source = try String(
        contentsOfFile: Programs.repository + "/packaging/systemd/" + file, encoding: .utf8)
      #expect(shipped == source, "\(file)")
    }
  }

  /// The installed binary finds its installed helper (/usr/lib/reminders) and syncs a real
  /// calendar with it.
  @Test func theInstalledBinarySyncsThroughItsHelper() throws {
    let server = try CalDAVServer("xandikos")
    let bin = try Binary()
    try bin.writeConfig("[time]\nzone = \"Asia/Tokyo\"\n[calendar]\nurl = \"\(server.url)\"\n")
    try bin.writeDeck(fixtureDeck)
    let installed = try package().root + "/usr/bin/reminders"
    var environment = bin.environment
    environment["PATH"] = "/usr/bin:/bin"
    let sync = try Programs.run(
      [installed, "calendar", "sync", "--now", "2026-11-21T06:00:00+09:00"], environment: environment)
    #expect(sync.status == 0, "\(sync.stderr)")
    #expect(sync.stdout.contains("created  2026-11-21 08:00"), "\(sync.stdout)")
    #expect(try server.events().contains { $0["uid"] as? String == "daily-2026-11-21@reminders" })
  }

  @Test func theDesktopFileValidatesAndNamesTheIcon() throws {
    let root = try package().root
    let desktop = root + "/usr/share/applications/reminders.desktop"
    let result = try Programs.run(["desktop-file-validate", desktop])
    #expect(result.status == 0)
    #expect(result.stdout + result.stderr == "", "\(result.stdout)\(result.stderr)")
    let text = try String(contentsOfFile: desktop, encoding: .utf8)
    // The `desktop-entry` hint of every pop-up is "reminders": this file's name.
    #expect(text.contains("\nIcon=reminders\n"))
    #expect(text.contains("\nX-GNOME-UsesNotifications=true\n"))
    let svg = try String(
      contentsOfFile: root + "/usr/share/icons/hicolor/scalable/apps/reminders.svg", encoding: .utf8)
    #expect(svg.contains("<svg xmlns=\"http://www.w3.org/2000/svg\""))
  }

  /// The man page renders without a warning and documents every command, timer and doctor
  /// included; the completions know the commands too.
  @Test func theManPageAndCompletionsCoverTheCommands() throws {
    let root = try package().root
    let page = try Programs.run([
      "sh", "-c", "gzip -dc \"$0\" | groff -mandoc -Tutf8 -ww -P-cbou",
      root + "/usr/share/man/man1/reminders.1.gz",
    ])
    #expect(page.status == 0)
    #expect(page.stderr.isEmpty, "\(page.stderr)")
    #expect(page.stdout.contains("reminders — Keeps a flashcard review habit alive"))
    let entries = page.stdout.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
    for command in [
      "preview", "run", "export", "cards", "recall", "timer", "doctor", "install", "uninstall", "status",
    ] {
      #expect(entries.contains { $0 == command || $0.hasPrefix(command + " ") }, "no entry for \(command)")
    }
    let bash = root + "/usr/share/bash-completion/completions/reminders"
    #expect(try Programs.run(["bash", "-n", bash]).status == 0)
    for file in [
      bash, root + "/usr/share/zsh/vendor-completions/_reminders",
      root + "/usr/share/fish/vendor_completions.d/reminders.fish",
    ] {
      let text = try String(contentsOfFile: file, encoding: .utf8)
      #expect(text.contains("doctor") && text.contains("timer"), "\(file)")
    }
  }

  @Test func everyFileIsOwnedByRoot() throws {
    let listing = try Programs.run(["dpkg-deb", "-c", try package().file])
    #expect(listing.status == 0)
    let owners = Set(
      listing.stdout.split(separator: "\n").map {
        $0.split(separator: " ", omittingEmptySubsequences: true)[1]
      })
    #expect(owners == ["root/root"])
  }
}

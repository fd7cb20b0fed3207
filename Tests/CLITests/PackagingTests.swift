import CLITestSupport
import Foundation
import Testing

/// `make deb`, read back with dpkg: the dependencies, every file the packages promise, and
/// binaries that run once installed. Builds the release binaries (in .build-release, since
/// `swift test` holds the lock on .build), once for the whole suite. Two packages: `reminders`
/// (the command line) and `reminders-desktop` (the app, whose GTK libraries are its own).
@Suite(.serialized) struct PackagingTests {
  /// A package built by `make deb` and unpacked with `dpkg -x`.
  struct Package {
    var file: String
    var root: String
    var info: String

    /// Unpacks `dist/NAME_VERSION_ARCH.deb`.
    init(_ name: String, version: String, arch: String) throws(PackagingError) {
      file = Programs.repository + "/dist/\(name)_\(version)_\(arch).deb"
      root = NSTemporaryDirectory() + "\(name)-deb-\(UUID().uuidString)"
      do {
        let extract = try Programs.run(["dpkg", "-x", file, root])
        guard extract.status == 0 else { throw PackagingError("dpkg -x \(file): \(extract.stderr)") }
        let info = try Programs.run(["dpkg-deb", "-I", file])
        guard info.status == 0 else { throw PackagingError("dpkg-deb -I \(file): \(info.stderr)") }
        self.info = info.stdout
      } catch let error as PackagingError {
        throw error
      } catch {
        throw PackagingError("\(error)")
      }
    }

    var fields: [String] { info.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) } }

    /// The names in `Depends:`.
    var depends: [String] {
      (fields.first { $0.hasPrefix("Depends: ") } ?? "").dropFirst("Depends: ".count).split(separator: ",")
        .map {
          String($0.trimmingCharacters(in: .whitespaces).split(separator: " ")[0])
        }
    }
  }

  static let built: Result<(cli: Package, app: Package), PackagingError> = {
    do {
      let make = try Programs.run(["make", "deb"], directory: Programs.repository)
      guard make.status == 0 else {
        return .failure(PackagingError("make deb failed:\n\(make.stdout)\n\(make.stderr)"))
      }
      let version = try Binary().run("--version").stdout.trimmingCharacters(in: .whitespacesAndNewlines)
      let arch = try Programs.run(["dpkg", "--print-architecture"]).stdout.trimmingCharacters(
        in: .whitespacesAndNewlines)
      return .success(
        (
          try Package("reminders", version: version, arch: arch),
          try Package("reminders-desktop", version: version, arch: arch)
        ))
    } catch let error as PackagingError {
      return .failure(error)
    } catch {
      return .failure(PackagingError("\(error)"))
    }
  }()

  struct PackagingError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
  }

  func package() throws -> Package { try PackagingTests.built.get().cli }
  func app() throws -> Package { try PackagingTests.built.get().app }

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
      "usr/share/icons/hicolor/scalable/apps/io.github.reminders.Reminders.svg",
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

  /// The app's package holds the app, in the desktop's app list: its desktop file (valid, named
  /// like the icon of `reminders`, D-Bus activatable), its AppStream metainfo (valid, with a
  /// screenshot's caption in both languages) and its D-Bus service file; the command line's
  /// package holds none of them, and links no GTK.
  @Test func theAppIsAPackageOfItsOwn() throws {
    let id = "io.github.reminders.Reminders"
    let app = try app()
    let cli = try package()
    #expect(app.fields.contains("Package: reminders-desktop"))
    let version = try Binary().run("--version").stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    #expect(app.fields.contains { $0.hasPrefix("Depends: reminders (= \(version)), ") }, "\(app.info)")
    #expect(app.depends.contains("libadwaita-1-0") && app.depends.contains("libgtk-4-1"), "\(app.depends)")
    #expect(!cli.depends.contains { $0.hasPrefix("libgtk") || $0.hasPrefix("libadwaita") }, "\(cli.depends)")
    for file in [
      "usr/bin/reminders-desktop", "usr/share/applications/\(id).desktop",
      "usr/share/metainfo/\(id).metainfo.xml",
      "usr/share/dbus-1/services/\(id).service",
    ] {
      let size =
        (try? FileManager.default.attributesOfItem(atPath: app.root + "/" + file)[.size] as? Int) ?? 0
      #expect(size > 0, "\(file) is missing or empty")
      #expect(!FileManager.default.fileExists(atPath: cli.root + "/" + file), "\(file) is in reminders too")
    }
    #expect(!FileManager.default.fileExists(atPath: app.root + "/usr/bin/reminders"))

    let desktop = app.root + "/usr/share/applications/\(id).desktop"
    let result = try Programs.run(["desktop-file-validate", desktop])
    #expect(result.status == 0)
    #expect(result.stdout + result.stderr == "", "\(result.stdout)\(result.stderr)")
    let text = try String(contentsOfFile: desktop, encoding: .utf8)
    // The `desktop-entry` hint of every pop-up is the app id: this file's name.
    for line in [
      "Icon=\(id)", "Exec=reminders-desktop", "DBusActivatable=true", "X-GNOME-UsesNotifications=true",
      "Categories=Education;",
    ] {
      #expect(text.contains("\n\(line)\n"), "no \(line)")
    }
    #expect(!text.contains("NoDisplay=true"))
    let svg = try String(
      contentsOfFile: cli.root + "/usr/share/icons/hicolor/scalable/apps/\(id).svg", encoding: .utf8)
    #expect(svg.contains("<svg xmlns=\"http://www.w3.org/2000/svg\""))

    let metainfo = app.root + "/usr/share/metainfo/\(id).metainfo.xml"
    let validated = try Programs.run(["appstreamcli", "validate", "--no-net", metainfo])
    #expect(validated.status == 0, "\(validated.stdout)\(validated.stderr)")
    let xml = try String(contentsOfFile: metainfo, encoding: .utf8)
    #expect(xml.contains("<id>\(id)</id>"))
    #expect(xml.contains("<launchable type=\"desktop-id\">\(id).desktop</launchable>"))
    #expect(xml.contains("<caption>Home: ") && xml.contains("<caption xml:lang=\"ja\">ホーム"))

    let service = try String(
      contentsOfFile: app.root + "/usr/share/dbus-1/services/\(id).service", encoding: .utf8)
    #expect(
      service == "[D-BUS Service]\nName=\(id)\nExec=/usr/bin/reminders-desktop --gapplication-service\n")
  }

  /// The installed app (release, stripped) opens its window on the fixture's files and draws Home
  /// and Study (`--screenshots`), on a display of its own (xvfb-run) with a session bus of its own
  /// (dbus-run-session): GTK needs both, even for `--help`.
  @Test func theInstalledAppShowsItsPages() throws {
    let binary = try app().root + "/usr/bin/reminders-desktop"
    #expect(FileManager.default.isExecutableFile(atPath: binary))
    let bin = try Binary.withFixture()
    let folder = bin.home + "/pictures"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    var environment = bin.environment
    environment["GSK_RENDERER"] = "cairo"
    environment["GTK_A11Y"] = "none"
    let shown = try Programs.run(
      [
        "dbus-run-session", "--", "xvfb-run", "-a", binary, "--config", bin.configPath, "--deck",
        bin.deckPath,
        "--state-dir", bin.home + "/state/reminders", "--lang", "en", "--screenshots", folder,
      ], environment: environment)
    #expect(shown.status == 0, "\(shown.stdout)\(shown.stderr)")
    #expect(shown.stdout == "\(folder)/home.png\n\(folder)/study.png\n", "\(shown.stdout)")
    for name in ["home", "study"] {
      let size =
        (try? FileManager.default.attributesOfItem(atPath: folder + "/\(name).png")[.size] as? Int) ?? 0
      #expect(size > 1000, "\(name).png")
    }
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
    for file in [try package().file, try app().file] {
      let listing = try Programs.run(["dpkg-deb", "-c", file])
      #expect(listing.status == 0)
      let owners = Set(
        listing.stdout.split(separator: "\n").map {
          $0.split(separator: " ", omittingEmptySubsequences: true)[1]
        })
      #expect(owners == ["root/root"], "\(file)")
    }
  }
}

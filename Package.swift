// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "reminders",
  platforms: [.macOS(.v13)],
  products: [
    .executable(name: "reminders", targets: ["reminders"]),
    .executable(name: "reminders-caldav", targets: ["reminders-caldav"]),
    .executable(name: "reminders-desktop", targets: ["reminders-desktop"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    // The CalDAV calendar's HTTP client (README: why this one), with its TLS and HTTP types.
    .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
    .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
    .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
  ],
  targets: [
    // Messages: one catalogue per language (Japanese, English) of every text a person sees, by
    // area; no dependencies, never reads the environment: the language is passed in.
    .target(name: "RemindersMessages"),

    // Core: pure rules. No file or bus access, never reads the clock.
    .target(name: "RemindersCore", dependencies: ["RemindersMessages"]),

    // Adapters: files on disk. The config file is read by one TOML reader of our own
    // (TOMLDocument, docs/decisions.md); what is wrong with it is the catalogue's ConfigProblem.
    .target(name: "RemindersStore", dependencies: ["RemindersCore", "RemindersMessages"]),

    // Adapters: iCalendar text (pure: reminders in, RFC 5545 text out).
    .target(name: "RemindersICalendar", dependencies: ["RemindersCore", "RemindersMessages"]),

    // Adapters: the systemd user units (their text, install, uninstall, status) and the user
    // manager, behind the UserManager protocol (`systemctl --user` in production, a double in
    // its tests); files and system calls through RemindersStore.
    .target(name: "RemindersSystemd", dependencies: ["RemindersStore"]),

    // Adapters: the terminal (Glibc, Foundation, the catalogue and the core's review commands). A pure screen model of the review
    // session (state in, lines out; display width) and the thin TTY driver, the only termios user.
    .target(name: "RemindersTerminal", dependencies: ["RemindersMessages", "RemindersCore"]),

    // Adapters' values (pure): the desktop's services as plain values (the notification server's
    // names, information and hints, do-not-disturb readings and probes, notification events,
    // GeoClue2's location): what RemindersDBus reads off the bus and the delivery rules act on. No
    // libdbus, so that the rules build and are tested without it.
    .target(name: "RemindersDesktop"),

    // C interop: libdbus, imported only by RemindersDBus.
    .systemLibrary(
      name: "CDBus",
      pkgConfig: "dbus-1",
      providers: [.apt(["libdbus-1-dev"])]
    ),
    .target(name: "RemindersDBus", dependencies: ["CDBus", "RemindersDesktop"]),

    // C interop: the system's SQLite, imported only by RemindersAnki.
    .systemLibrary(
      name: "CSQLite",
      pkgConfig: "sqlite3",
      providers: [.apt(["libsqlite3-dev"])]
    ),
    // Adapters: an Anki collection, read only (docs/anki.md): SQLite opened read-only or a private
    // copy of it, the few protobuf fields the counts need, the last reading kept in the state.
    .target(
      name: "RemindersAnki", dependencies: ["CSQLite", "RemindersCore", "RemindersStore", "RemindersMessages"]),

    // Dictionary: EDICT (Debian's `edict`, EUC-JP) read once into an index in the cache folder,
    // looked in by binary search; the de-inflection rules that find a conjugated word's
    // dictionary form. Used only by `lookup` and `cards add FRONT`: nothing else reads it.
    .target(name: "RemindersDictionary", dependencies: ["RemindersStore", "RemindersMessages"]),

    // Adapters: a CalDAV calendar collection over HTTP(S) (AsyncHTTPClient, TLS by swift-nio-ssl):
    // the few requests a sync makes (PUT, DELETE, GET, PROPFIND) and the multistatus they
    // answer. Linked only into the helper `reminders-caldav`, never into `reminders`: it made
    // every start of the every-minute run a third slower (README, "The calendar's HTTP client").
    .target(
      name: "RemindersCalDAV",
      dependencies: [
        "RemindersApp", "RemindersCore", "RemindersStore",
        .product(name: "AsyncHTTPClient", package: "async-http-client"),
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOHTTP1", package: "swift-nio"),
        .product(name: "NIOSSL", package: "swift-nio-ssl"),
      ]
    ),

    // Adapters: the helper `reminders-caldav` as `reminders` reaches it (docs/calendar.md): the
    // lines both speak over the helper's standard input and output, and CalendarHelperServer,
    // RemindersApp's CalendarServer that starts the helper and speaks to it. Never RemindersCalDAV
    // nor AsyncHTTPClient: `reminders` links this, and must link no HTTP client.
    .target(name: "RemindersCalDAVHelper", dependencies: ["RemindersApp", "RemindersStore"]),

    // Delivery: the run and the watch's rules, between Store and the command line, behind the
    // NotificationSender protocol and its kin (libdbus in production, doubles in its tests).
    // Never libdbus: it builds and is tested without it.
    .target(
      name: "RemindersDelivery",
      dependencies: [
        "RemindersCore", "RemindersStore", "RemindersICalendar", "RemindersDesktop", "RemindersMessages",
      ]
    ),

    // Adapters: an alarm's sound behind RemindersDelivery's AlarmSoundPlaying (docs/alarms.md):
    // the player looked up, a `/bin/sh` loop in a process group of its own, `systemd-run --user
    // --scope` under a unit, the group ended by signals, `/proc` read to know it is ours.
    .target(
      name: "RemindersAlarmSound",
      dependencies: ["RemindersCore", "RemindersDelivery", "RemindersStore"]
    ),

    // Adapters: RemindersDelivery's protocols over RemindersDBus (the pop-ups' sender, the
    // watch's monitor, GeoClue2's location). A thin target of its own, so that RemindersDBus
    // knows notifications and GeoClue2 but not flashcards, and the rules know no libdbus.
    .target(
      name: "RemindersDesktopDBus",
      dependencies: ["RemindersDelivery", "RemindersDesktop", "RemindersDBus"]
    ),

    // App: the use cases as services (review session, focus, import, home screen, alarms,
    // snooze, doctor), with the clock, the language, the paths and the system probes injected;
    // the desktop and GeoClue2 only through RemindersDelivery's and RemindersDesktop's protocols,
    // never the bus, never ArgumentParser, so that each is tested with fakes and no built binary.
    .target(
      name: "RemindersApp",
      dependencies: [
        "RemindersCore", "RemindersStore", "RemindersAnki", "RemindersDelivery", "RemindersDesktop",
        "RemindersICalendar", "RemindersSystemd", "RemindersMessages", "RemindersDictionary",
      ]
    ),

    // Reports: what each command shows, as text, JSON or SVG: values in (the language, the day
    // clock, the paths), words from the RemindersMessages catalogue out. Never ArgumentParser,
    // never the bus, so that each output is tested as a table of values, without the binary.
    .target(
      name: "RemindersReports",
      dependencies: [
        "RemindersCore", "RemindersMessages", "RemindersStore", "RemindersApp", "RemindersDelivery",
        "RemindersDesktop", "RemindersSystemd", "RemindersAnki", "RemindersTerminal", "RemindersDictionary",
      ]
    ),

    // Commands: the command line (swift-argument-parser): thin commands that parse, call one
    // service of the App layer and print what Reports renders; a library, so that the commands
    // are tested in process as well as through the binary.
    .target(
      name: "RemindersCommands",
      dependencies: [
        "RemindersMessages",
        "RemindersApp",
        "RemindersCore",
        "RemindersStore",
        "RemindersICalendar",
        "RemindersDesktop",
        "RemindersDelivery",
        "RemindersAlarmSound",
        "RemindersDesktopDBus",
        "RemindersTerminal",
        "RemindersAnki",
        "RemindersSystemd",
        "RemindersReports",
        "RemindersDictionary",
        "RemindersCalDAVHelper",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),

    // C interop: libadwaita and GTK 4 (Debian 12's 1.2 and 4.8), imported only by RemindersGtk.
    .systemLibrary(
      name: "CAdwaita",
      pkgConfig: "libadwaita-1",
      providers: [.apt(["libadwaita-1-dev", "libgtk-4-dev"])]
    ),
    // The desktop app's GTK layer (docs/app.md): each GObject owned by a final class, each signal
    // closure boxed once; the only target with GTK's pointers.
    .target(name: "RemindersGtk", dependencies: ["CAdwaita"]),
    // The desktop app's pages (Home, Study, Settings): widgets and bindings over the App layer's
    // services and Reports' words, the same ones the commands call; no rule of their own.
    .target(
      name: "RemindersWindow",
      dependencies: [
        "RemindersGtk", "RemindersApp", "RemindersCore", "RemindersStore", "RemindersMessages", "RemindersReports",
        "RemindersTerminal", "RemindersDesktop",
      ]
    ),
    // Executable: the desktop app, a separate program: `reminders` never links GTK.
    .executableTarget(name: "reminders-desktop", dependencies: ["RemindersWindow", "RemindersApp"]),

    // Executable: the entry point, a few lines calling RemindersCommands.
    .executableTarget(name: "reminders", dependencies: ["RemindersCommands"]),

    // The helper `reminders` starts for a sync, when a request is to be sent: it sends the
    // requests it is given over RemindersCalDAV (RemindersCalDAVHelper's CalendarHelperLine).
    .executableTarget(
      name: "reminders-caldav",
      dependencies: [
        "RemindersCalDAV", "RemindersCalDAVHelper", "RemindersApp", "RemindersStore", "RemindersMessages",
      ]),

    // Benchmarks: `make bench` (never part of `make test`).
    .executableTarget(
      name: "reminders-bench",
      dependencies: ["RemindersCore", "RemindersICalendar", "RemindersStore"],
      path: "Benchmarks/reminders-bench"
    ),

    // Fuzzing: `make fuzz` (libFuzzer). The harness bodies build with everything else, so that
    // the tests replay the kept crash inputs (Fuzz/Regressions) through them; the driver is a
    // fuzzer only as `make fuzz` builds it, and otherwise replays the files it is given.
    .target(
      name: "FuzzHarnesses",
      dependencies: [
        "RemindersCore", "RemindersStore", "RemindersICalendar", "RemindersAnki", "RemindersDictionary",
      ],
      path: "Fuzz/Harnesses"
    ),
    .executableTarget(name: "reminders-fuzz", dependencies: ["FuzzHarnesses"], path: "Fuzz/reminders-fuzz"),

    // Tests: one target per module, plus end-to-end tests of the built binary.
    .testTarget(name: "RemindersCoreTests", dependencies: ["RemindersCore", "RemindersMessages"]),
    .testTarget(name: "RemindersMessagesTests", dependencies: ["RemindersMessages"]),
    .testTarget(
      name: "RemindersStoreTests",
      dependencies: ["RemindersStore", "RemindersCore", "RemindersMessages", "FuzzHarnesses", "TestFolders"]),
    .testTarget(
      name: "RemindersICalendarTests", dependencies: ["RemindersICalendar", "RemindersCore"],
      exclude: ["Golden"]),
    .testTarget(
      name: "RemindersDBusTests", dependencies: ["RemindersDBus", "RemindersDesktop", "DesktopTestSupport"]),
    .testTarget(
      name: "RemindersDeliveryTests",
      dependencies: [
        "RemindersDelivery", "RemindersDesktop", "RemindersCore", "RemindersStore", "RemindersMessages",
        "RemindersTestSupport", "TestFolders",
      ]
    ),
    .testTarget(
      name: "RemindersAlarmSoundTests",
      dependencies: ["RemindersAlarmSound", "RemindersDelivery", "RemindersCore"]),
    .testTarget(
      name: "RemindersTerminalTests",
      dependencies: ["RemindersTerminal", "RemindersCore"]),
    .testTarget(name: "RemindersSystemdTests", dependencies: ["RemindersSystemd", "RemindersStore", "TestFolders"]),
    .testTarget(
      name: "RemindersAnkiTests", dependencies: ["RemindersAnki", "RemindersCore", "RemindersStore", "TestFolders"]
    ),
    .testTarget(
      name: "RemindersDictionaryTests",
      dependencies: ["RemindersDictionary", "RemindersStore", "RemindersMessages", "TestFolders"]),
    .testTarget(name: "RemindersCalDAVTests", dependencies: ["RemindersCalDAV", "RemindersApp"]),
    .testTarget(name: "RemindersCalDAVHelperTests", dependencies: ["RemindersCalDAVHelper", "RemindersApp"]),
    .testTarget(
      name: "RemindersAppTests",
      dependencies: [
        "RemindersApp", "RemindersCore", "RemindersStore", "RemindersDelivery", "RemindersDesktop",
        "RemindersICalendar", "RemindersMessages", "RemindersSystemd", "RemindersTestSupport", "TestFolders",
      ]
    ),
    .testTarget(
      name: "RemindersReportsTests",
      dependencies: [
        "RemindersReports", "RemindersApp", "RemindersCore", "RemindersMessages", "RemindersStore",
        "RemindersTestSupport", "RemindersAnki", "RemindersDictionary", "RemindersDelivery", "RemindersDesktop",
        "RemindersSystemd",
      ]
    ),
    // The commands run in process (parsed from words, then run), and the raw arguments' scanner.
    .testTarget(
      name: "RemindersCommandsTests",
      dependencies: [
        "RemindersCommands", "RemindersCore", "RemindersStore", "RemindersReports", "RemindersMessages",
        "TestFolders", .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]),
    // End-to-end tests of the built binary that start no desktop and no GeoClue.
    .testTarget(
      name: "CLITests",
      dependencies: [
        "CLITestSupport", "RemindersCore", "RemindersStore", "RemindersAnki", "DesktopTestSupport", "TestFolders",
      ]
    ),
    // End-to-end tests of the built binary that start a private desktop (DesktopSession) or
    // GeoClue (GeoClueSystem): `make test` runs them, `make check` does not (docs/development.md).
    .testTarget(name: "CLIDesktopTests", dependencies: ["CLITestSupport", "DesktopTestSupport", "TestFolders"]),
    // What both CLI test targets share: the built binary in a scratch home (Binary), other
    // programs (Programs), the fixtures, `reminders watch` in the background.
    .target(
      name: "CLITestSupport",
      dependencies: ["DesktopTestSupport", "RemindersCore", "RemindersStore", "TestFolders"],
      path: "Tests/CLITestSupport"
    ),
    // TemporaryFolder, the one way every test target makes a scratch folder: Foundation only, so
    // that any test target can depend on it, whatever else it links.
    .target(name: "TestFolders", path: "Tests/TestFolders"),
    // A private dbus-daemon, Xvfb and dunst for the tests (Tests/harness/desktop-session.sh).
    .target(name: "DesktopTestSupport", path: "Tests/DesktopTestSupport"),
    // The test doubles of the rules' protocols (a sender, a ledger, a calendar, alarm sounds, the
    // watch's actions, a desktop connection, GeoClue's locator) and the app layer's fakes (a clock,
    // temporary folders, a workspace), shared by the test targets.
    .target(
      name: "RemindersTestSupport",
      dependencies: [
        "RemindersDelivery", "RemindersDesktop", "RemindersApp", "RemindersCore", "RemindersStore",
        "RemindersMessages", "TestFolders",
      ],
      path: "Tests/RemindersTestSupport"
    ),
  ],
  swiftLanguageModes: [.v6]
)

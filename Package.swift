// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "reminders",
  platforms: [.macOS(.v13)],
  products: [
    .executable(name: "reminders", targets: ["reminders"])
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    .package(url: "https://github.com/LebJe/TOMLKit", from: "0.6.0"),
  ],
  targets: [
    // Core: pure rules. No file or bus access, never reads the clock.
    .target(name: "RemindersCore"),

    // Adapters: files on disk.
    .target(
      name: "RemindersStore",
      dependencies: ["RemindersCore", "TOMLKit"]
    ),

    // Adapters: iCalendar text (pure: reminders in, RFC 5545 text out).
    .target(name: "RemindersICalendar", dependencies: ["RemindersCore"]),

    // Adapters: the systemd user units (their text, install, uninstall, status) and the user
    // manager, behind the UserManager protocol (`systemctl --user` in production, a double in
    // its tests); files and system calls through RemindersStore.
    .target(name: "RemindersSystemd", dependencies: ["RemindersStore"]),

    // Adapters: the terminal (Glibc and Foundation only). A pure screen model of the review
    // session (state in, lines out; display width) and the thin TTY driver, the only termios user.
    .target(name: "RemindersTerminal"),

    // C interop: libdbus, imported only by RemindersDBus.
    .systemLibrary(
      name: "CDBus",
      pkgConfig: "dbus-1",
      providers: [.apt(["libdbus-1-dev"])]
    ),
    .target(name: "RemindersDBus", dependencies: ["CDBus"]),

    // C interop: the system's SQLite, imported only by RemindersAnki.
    .systemLibrary(
      name: "CSQLite",
      pkgConfig: "sqlite3",
      providers: [.apt(["libsqlite3-dev"])]
    ),
    // Adapters: an Anki collection, read only (SPEC §9): SQLite opened read-only or a private
    // copy of it, the few protobuf fields the counts need, the last reading kept in the state.
    .target(name: "RemindersAnki", dependencies: ["CSQLite", "RemindersCore", "RemindersStore"]),

    // Delivery: the run and the watch's rules, between Store/DBus and the command line, behind
    // the NotificationSender protocol (libdbus in production, a double in its tests).
    .target(
      name: "RemindersDelivery",
      dependencies: ["RemindersCore", "RemindersStore", "RemindersICalendar", "RemindersDBus"]
    ),

    // Executable: the thin command line.
    .executableTarget(
      name: "reminders",
      dependencies: [
        "RemindersCore",
        "RemindersStore",
        "RemindersICalendar",
        "RemindersDBus",
        "RemindersDelivery",
        "RemindersTerminal",
        "RemindersAnki",
        "RemindersSystemd",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),

    // Benchmarks: `make bench` (never part of `make test`).
    .executableTarget(
      name: "reminders-bench",
      dependencies: ["RemindersCore", "RemindersICalendar"],
      path: "Benchmarks/reminders-bench"
    ),

    // Fuzzing: `make fuzz` (libFuzzer). The harness bodies build with everything else, so that
    // the tests replay the kept crash inputs (Fuzz/Regressions) through them; the driver is a
    // fuzzer only as `make fuzz` builds it, and otherwise replays the files it is given.
    .target(
      name: "FuzzHarnesses",
      dependencies: ["RemindersCore", "RemindersStore", "RemindersICalendar", "RemindersAnki"],
      path: "Fuzz/Harnesses"
    ),
    .executableTarget(name: "reminders-fuzz", dependencies: ["FuzzHarnesses"], path: "Fuzz/reminders-fuzz"),

    // Tests: one target per module, plus end-to-end tests of the built binary.
    .testTarget(name: "RemindersCoreTests", dependencies: ["RemindersCore"]),
    .testTarget(name: "RemindersStoreTests", dependencies: ["RemindersStore", "RemindersCore", "FuzzHarnesses"]),
    .testTarget(
      name: "RemindersICalendarTests", dependencies: ["RemindersICalendar", "RemindersCore"], exclude: ["Golden"]),
    .testTarget(name: "RemindersDBusTests", dependencies: ["RemindersDBus", "DesktopTestSupport"]),
    .testTarget(
      name: "RemindersDeliveryTests",
      dependencies: ["RemindersDelivery", "RemindersCore", "RemindersStore", "RemindersDBus"]
    ),
    .testTarget(name: "RemindersTerminalTests", dependencies: ["RemindersTerminal"]),
    .testTarget(name: "RemindersSystemdTests", dependencies: ["RemindersSystemd", "RemindersStore"]),
    .testTarget(name: "RemindersAnkiTests", dependencies: ["RemindersAnki", "RemindersCore", "RemindersStore"]),
    .testTarget(
      name: "CLITests", dependencies: ["RemindersCore", "RemindersStore", "RemindersAnki", "DesktopTestSupport"]),
    // A private dbus-daemon, Xvfb and dunst for the tests (Tests/harness/desktop-session.sh).
    .target(name: "DesktopTestSupport", path: "Tests/DesktopTestSupport"),
  ],
  swiftLanguageModes: [.v6]
)

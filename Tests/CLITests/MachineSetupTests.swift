import CLITestSupport
import Foundation
import Testing

/// What `make deps` leaves on the machine beside what the tests need.
@Suite struct MachineSetupTests {
  /// No display manager: installing the test desktops (GNOME Shell, Plasma, Xfce's notifier,
  /// sway) must not give the machine a login screen. Every display manager provides the virtual
  /// package `x-display-manager`.
  @Test func makeDepsInstallsNoDisplayManager() throws {
    let query = try Programs.run(["dpkg-query", "-W", "-f", "${Package}\t${db:Status-Abbrev}\t${Provides}\n"])
    try #require(query.status == 0, "\(query.stderr)")
    let managers = query.stdout.split(separator: "\n").filter { line in
      let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
      return fields.count == 3 && fields[1].hasPrefix("ii") && fields[2].contains("x-display-manager")
    }
    #expect(managers.isEmpty, "installed display managers: \(managers)")
    // And the Makefile keeps out each one Debian has.
    let make = try Programs.run(["make", "-s", "-p", "-n", "deps"], directory: Programs.repository)
    let excluded = make.stdout.split(separator: "\n").first { $0.hasPrefix("TEST_EXCLUDED := ") } ?? ""
    for name in ["gdm3", "sddm", "lightdm", "lxdm", "xdm", "slim", "nodm", "wdm"] {
      #expect(excluded.split(separator: " ").contains(Substring(name)), "\(name) not in \(excluded)")
    }
  }
}

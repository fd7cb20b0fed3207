import DesktopTestSupport
import RemindersDBus
import RemindersDesktop
import Testing

/// What needs no bus at all.
struct SessionBusTests {
  @Test func connectingWhereNothingListensThrows() throws {
    let error = try #require(throws: BusError.self) {
      try SessionBus.connect(address: "unix:path=/nonexistent/reminders-test/bus", environment: [:])
    }
    #expect([BusError.Name.fileNotFound, .noServer].contains(error.name), "\(error)")
    #expect(error.description.contains(error.name.rawValue))
  }

  @Test func connectingWithoutAnAddressThrows() throws {
    let error = try #require(throws: BusError.self) {
      try SessionBus.connect(environment: ["HOME": "/root"])
    }
    #expect(error.name == .badAddress)
  }

  @Test func malformedAddressThrows() throws {
    let error = try #require(throws: BusError.self) {
      try SessionBus.connect(address: "no-such-transport:", environment: [:])
    }
    #expect(error.name == .badAddress, "\(error)")
  }

  @Test(
    arguments: [
      (
        ["DBUS_SESSION_BUS_ADDRESS": "unix:path=/a/bus", "XDG_RUNTIME_DIR": "/run/user/1"], "unix:path=/a/bus"
      ),
      (["DBUS_SESSION_BUS_ADDRESS": "", "XDG_RUNTIME_DIR": "/run/user/1"], "unix:path=/run/user/1/bus"),
      (["XDG_RUNTIME_DIR": "/run/user/1000"], "unix:path=/run/user/1000/bus"),
      ([:], nil),
    ] as [([String: String], String?)])
  func sessionAddressComesFromTheEnvironment(environment: [String: String], expected: String?) {
    #expect(SessionBus.sessionAddress(environment: environment) == expected)
  }

  @Test(arguments: [
    ("plain text", "plain text"),
    ("<b>bold</b> & co", "&lt;b&gt;bold&lt;/b&gt; &amp; co"),
    ("\"it's\"", "&quot;it&apos;s&quot;"),
    ("今日の復習 12枚", "今日の復習 12枚"),
  ])
  func markupEscaping(text: String, escaped: String) {
    #expect(NotificationMarkup.escape(text) == escaped)
  }
}

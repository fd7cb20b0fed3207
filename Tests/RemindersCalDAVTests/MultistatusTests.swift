import Testing

@testable import RemindersApp
@testable import RemindersCalDAV

/// The multistatus reader on the answers Radicale and Xandikos give to the sync's PROPFIND
/// (their spellings: a default namespace, `ns0:` and `D:` prefixes), and on what it must refuse.
/// The servers themselves answer in CLITests.CalendarTests.
@Suite struct MultistatusTests {
  @Test func radicale() throws {
    let body = """
      <?xml version='1.0' encoding='utf-8'?>
      <multistatus xmlns="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav"><response><href>/learner/reminders/</href>\
      <propstat><prop><getetag>"6596c8"</getetag><resourcetype><C:calendar /><collection /></resourcetype></prop>\
      <status>HTTP/1.1 200 OK</status></propstat></response><response>\
      <href>/learner/reminders/daily-2026-11-21%40reminders.ics</href><propstat><prop><getetag>"d1af47"</getetag>\
      <resourcetype /></prop><status>HTTP/1.1 200 OK</status></propstat></response></multistatus>
      """
    let entries = try Multistatus.entries(Array(body.utf8))
    #expect(
      entries == [
        .init(href: "/learner/reminders/", etag: "\"6596c8\""),
        .init(href: "/learner/reminders/daily-2026-11-21%40reminders.ics", etag: "\"d1af47\""),
      ])
  }

  @Test func xandikosAndOthers() throws {
    let body = """
      <ns0:multistatus xmlns:ns0="DAV:"><ns0:response><ns0:href>/user/calendars/calendar/a.ics</ns0:href>
        <ns0:propstat><ns0:status>HTTP/1.1 200 OK</ns0:status><ns0:prop><ns0:getetag>&quot;e&amp;1&quot;</ns0:getetag>
        </ns0:prop></ns0:propstat></ns0:response>
      <!-- a comment <response> -->
      <ns0:response><ns0:href>http://127.0.0.1:5232/user/calendars/calendar/b.ics</ns0:href><ns0:propstat>
        <ns0:prop><ns0:getetag/></ns0:prop><ns0:status>HTTP/1.1 404 Not Found</ns0:status></ns0:propstat>
      </ns0:response><ns0:response><ns0:href><![CDATA[/c&d.ics]]></ns0:href></ns0:response></ns0:multistatus>
      """
    let entries = try Multistatus.entries(Array(body.utf8))
    #expect(
      entries == [
        .init(href: "/user/calendars/calendar/a.ics", etag: "\"e&1\""),
        .init(href: "http://127.0.0.1:5232/user/calendars/calendar/b.ics", etag: nil),
        .init(href: "/c&d.ics", etag: nil),
      ])
    #expect(CalDAVClient.path(of: entries[1].href) == "/user/calendars/calendar/b.ics")
  }

  @Test(arguments: [
    "<html><body>Log in</body></html>",
    "<multistatus><response><propstat/></response></multistatus>",
    "<multistatus><response><href>/a &bogus; b</href></response></multistatus>",
    "<multistatus><response><href>/a</href",
    "<multistatus><!-- no end",
  ])
  func whatIsNoAnswer(body: String) {
    #expect(throws: CalendarFault.self) { try Multistatus.entries(Array(body.utf8)) }
  }
}

import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import NIOSSL
import RemindersApp
import RemindersCore
import RemindersStore

/// A CalDAV calendar collection over HTTP(S), with AsyncHTTPClient (docs/calendar.md): the
/// requests a sync makes, each conditional where it writes, all within the sync's time.
///
/// The password goes only into the `Authorization` header of each request: never into the
/// address, a message or a file.
public final class CalDAVClient: CalendarServer {
  public let collectionPath: String
  public private(set) var requests = 0
  let origin: String
  let authorization: String?
  let deadline: NIODeadline
  let client: HTTPClient
  var closed = false

  /// A client of the collection of `settings`, with `password` for `settings.username`, whose
  /// requests all end within `seconds` from now.
  public init(settings: CalendarSettings, password: String?, seconds: TimeInterval) throws {
    guard let address = CalendarSettings.address(settings.url) else {
      throw CalendarFault.unreachable(.notAnAddress(settings.url))
    }
    origin = address.origin
    collectionPath = address.path
    if let user = settings.username, let password {
      authorization = "Basic " + Data("\(user):\(password)".utf8).base64EncodedString()
    } else {
      authorization = nil
    }
    deadline = .now() + .milliseconds(Int64(max(seconds, 0.1) * 1000))
    var tls = TLSConfiguration.makeClientConfiguration()
    if let ca = settings.caFile {
      guard FileManager.default.isReadableFile(atPath: ca) else {
        throw CalendarFault.unreachable(.caFileUnreadable(ca))
      }
      tls.additionalTrustRoots = [.file(ca)]
    }
    let connect = TimeAmount.milliseconds(Int64(min(max(seconds, 0.1), 5) * 1000))
    var configuration = HTTPClient.Configuration(
      tlsConfiguration: tls, redirectConfiguration: .disallow, timeout: .init(connect: connect, read: connect)
    )
    configuration.httpVersion = .http1Only
    client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
  }

  deinit { close() }

  public func close() {
    guard !closed else { return }
    closed = true
    try? client.syncShutdown()
  }

  /// PROPFIND Depth 1 for every resource's ETag.
  public func list() throws -> [String: String?] {
    let body = Array(
      """
      <?xml version="1.0" encoding="utf-8"?>
      <d:propfind xmlns:d="DAV:"><d:prop><d:getetag/><d:resourcetype/></d:prop></d:propfind>
      """.utf8)
    let response = try send(
      .RAW(value: "PROPFIND"), collectionPath,
      headers: [("Depth", "1"), ("Content-Type", "application/xml; charset=utf-8")], body: body)
    guard response.status.code == 207 else { throw Self.fault(response.status.code) }
    var listing: [String: String?] = [:]
    let own = CalendarSync.decodedPath(collectionPath)
    for entry in try Multistatus.entries(Array(buffer: response.body ?? ByteBuffer())) {
      let path = CalendarSync.decodedPath(CalDAVClient.path(of: entry.href))
      guard path != own else { continue }
      listing[path] = entry.etag
    }
    return listing
  }

  public func put(_ href: String, body: [UInt8], condition: PutCondition) throws -> Conditional {
    var headers = [("Content-Type", "text/calendar; charset=utf-8")]
    switch condition {
    case .absent: headers.append(("If-None-Match", "*"))
    case .matches(let etag): headers.append(("If-Match", etag))
    case .unconditional: break
    }
    let response = try send(.PUT, href, headers: headers, body: body)
    switch response.status.code {
    // A 207 to a PUT carries a refusal inside (Xandikos says a UID conflict so).
    case 207: return .rejected(207)
    case 200..<300: return .done(etag: response.headers.first(name: "ETag"))
    case 412: return .preconditionFailed
    case 400, 409, 413, 415, 422, 507: return .rejected(Int(response.status.code))
    default: throw Self.fault(response.status.code)
    }
  }

  /// A GET for the resource's ETag (its body is not wanted).
  public func head(_ href: String) throws -> Conditional {
    let response = try send(.GET, href, headers: [], body: nil)
    switch response.status.code {
    case 200..<300: return .done(etag: response.headers.first(name: "ETag"))
    case 404, 410: return .gone
    default: throw Self.fault(response.status.code)
    }
  }

  public func delete(_ href: String, etag: String?) throws -> Conditional {
    let response = try send(.DELETE, href, headers: etag.map { [("If-Match", $0)] } ?? [], body: nil)
    switch response.status.code {
    case 200..<300: return .done(etag: nil)
    case 404, 410: return .gone
    case 412: return .preconditionFailed
    default: throw Self.fault(response.status.code)
    }
  }

  /// Sends one request and waits for its whole answer, within the deadline.
  func send(_ method: HTTPMethod, _ href: String, headers: [(String, String)], body: [UInt8]?)
    throws
    -> HTTPClient.Response
  {
    requests += 1
    var fields = HTTPHeaders(headers)
    fields.add(name: "User-Agent", value: "reminders")
    if let authorization { fields.add(name: "Authorization", value: authorization) }
    let response: HTTPClient.Response
    do {
      let request = try HTTPClient.Request(
        url: origin + href, method: method, headers: fields, body: body.map { .bytes($0) })
      response = try client.execute(request: request, deadline: deadline).wait()
    } catch {
      throw Self.fault(error)
    }
    if response.status.code == 401 || response.status.code == 403 {
      throw CalendarFault.refused(Int(response.status.code))
    }
    return response
  }

  /// A status a request cannot take.
  static func fault(_ status: UInt) -> CalendarFault {
    status == 401 || status == 403 ? .refused(Int(status)) : .status(Int(status))
  }

  /// What a request that got no answer met, in a few words.
  static func fault(_ error: any Error) -> CalendarFault {
    if let error = error as? HTTPClientError {
      switch error {
      case .connectTimeout, .deadlineExceeded, .readTimeout, .writeTimeout, .tlsHandshakeTimeout,
        .getConnectionFromPoolTimeout:
        return .timedOut
      default: break
      }
    }
    let text = String(describing: error)
    // The server answered, but not in HTTP (a header with a byte HTTP does not allow): no
    // network problem, and waiting will not mend it.
    if error is HTTPParserError { return .badAnswer(.notHTTP(String(text.prefix(160)))) }
    if text.contains("refused") || text.contains("ECONNREFUSED") { return .unreachable(.connectionRefused) }
    if error is NIOSSLError || text.contains("SSL") || text.contains("certificate") {
      return .unreachable(.tls(String(text.prefix(160))))
    }
    return .unreachable(.said(String(text.prefix(160))))
  }

  /// The path of an href a listing gives, which may be a whole address.
  static func path(of href: String) -> String {
    guard href.hasPrefix("http://") || href.hasPrefix("https://"), let url = URLComponents(string: href)
    else {
      return href
    }
    return url.percentEncodedPath
  }
}

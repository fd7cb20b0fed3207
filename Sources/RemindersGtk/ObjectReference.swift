import CAdwaita

/// One reference this process holds on a GObject, let go when its owner goes: every wrapper of
/// this target owns its object through one of these (docs/app.md, "The GTK layer").
///
/// `@unchecked Sendable`: the object is created, used and let go on the main thread only, where
/// GTK runs; this class holds nothing but the pointer, and unrefs it once.
final class ObjectReference: @unchecked Sendable {
  let raw: UnsafeMutableRawPointer

  /// Takes a new widget's floating reference as ours (`g_object_ref_sink`); for an object that
  /// is not floating, adds a reference of ours.
  init(sinking raw: UnsafeMutableRawPointer) {
    g_object_ref_sink(raw)
    self.raw = raw
  }

  /// Takes the reference a constructor returned with its object (transfer full, not floating).
  init(adopting raw: UnsafeMutableRawPointer) {
    self.raw = raw
  }

  deinit { g_object_unref(raw) }

  /// The object as the C type `T` (a struct GTK declares whole).
  func typed<T>(_: T.Type = T.self) -> UnsafeMutablePointer<T> { raw.assumingMemoryBound(to: T.self) }

  /// The object as a pointer to a type GTK declares opaque (a final class: `GtkLabel`, …).
  var opaque: OpaquePointer { OpaquePointer(raw) }
}

/// A Swift closure kept alive for as long as the signal or source it was connected to: retained
/// once when connected, released by GLib's destroy notify.
final class ClosureBox<Body> {
  let body: Body
  init(_ body: Body) { self.body = body }

  /// A retained pointer to a new box, for `user_data`.
  static func retained(_ body: Body) -> UnsafeMutableRawPointer {
    Unmanaged.passRetained(ClosureBox(body)).toOpaque()
  }

  /// The box behind `user_data`, not retained again.
  static func from(_ data: UnsafeMutableRawPointer) -> Body {
    Unmanaged<ClosureBox<Body>>.fromOpaque(data).takeUnretainedValue().body
  }

  /// Lets go of the box behind `user_data` (GLib's destroy notify calls this once).
  static func release(_ data: UnsafeMutableRawPointer) {
    Unmanaged<ClosureBox<Body>>.fromOpaque(data).release()
  }
}

typealias Action = @MainActor () -> Void
typealias KeyAction = @MainActor (Key) -> Bool

/// Connects `action` to `signal` of `instance` (a signal whose handler takes the instance and
/// the data alone: `clicked`, `activate`, `apply`); the box goes with the handler.
func connect(_ instance: UnsafeMutableRawPointer, _ signal: String, _ action: @escaping Action) {
  let handler: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void = { _, data in
    guard let data else { return }
    let body = ClosureBox<Action>.from(data)
    MainActor.assumeIsolated { body() }
  }
  let destroy: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutablePointer<GClosure>?) -> Void = {
    data, _ in
    if let data { ClosureBox<Action>.release(data) }
  }
  _ = reminders_signal_connect(
    instance, signal, unsafeBitCast(handler, to: GCallback.self), ClosureBox<Action>.retained(action), destroy
  )
}

/// Connects `action` to a `notify::PROPERTY` signal (its handler takes the instance, the
/// property's spec and the data).
func connectNotify(_ instance: UnsafeMutableRawPointer, property: String, _ action: @escaping Action) {
  connectWithArgument(instance, "notify::" + property, action)
}

/// Connects `action` to a signal whose handler takes the instance, one pointer argument (a
/// property's spec, GSimpleAction's parameter) and the data; the argument is not looked at.
func connectWithArgument(_ instance: UnsafeMutableRawPointer, _ signal: String, _ action: @escaping Action) {
  let handler:
    @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void = {
      _, _, data in
      guard let data else { return }
      let body = ClosureBox<Action>.from(data)
      MainActor.assumeIsolated { body() }
    }
  let destroy: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutablePointer<GClosure>?) -> Void = {
    data, _ in
    if let data { ClosureBox<Action>.release(data) }
  }
  _ = reminders_signal_connect(
    instance, signal, unsafeBitCast(handler, to: GCallback.self), ClosureBox<Action>.retained(action), destroy
  )
}

import CAdwaita

/// A key pressed, as the window's pages read it.
public struct Key: Equatable, Sendable {
  /// GDK's key value.
  public var value: UInt32
  /// The character it types, when it types one.
  public var character: Character?
  /// Control, Alt or Super held: the key is a shortcut, not a review key.
  public var withModifier: Bool

  public var isEnter: Bool { value == reminders_key_return || value == reminders_key_kp_enter }
  public var isEscape: Bool { value == reminders_key_escape }
  public var isLeft: Bool { value == reminders_key_left }
  public var isRight: Bool { value == reminders_key_right }
}

/// How a widget sits in the space its parent gives it.
public enum Alignment: Sendable {
  case fill, start, end, center

  var gtk: GtkAlign {
    switch self {
    case .fill: GTK_ALIGN_FILL
    case .start: GTK_ALIGN_START
    case .end: GTK_ALIGN_END
    case .center: GTK_ALIGN_CENTER
    }
  }
}

/// A GTK widget, owned by this object (a reference of ours, let go in `deinit`).
@MainActor
public class Widget {
  let object: ObjectReference

  init(sinking raw: UnsafeMutableRawPointer) {
    object = ObjectReference(sinking: raw)
  }

  init(sinking widget: UnsafeMutablePointer<GtkWidget>) {
    object = ObjectReference(sinking: UnsafeMutableRawPointer(widget))
  }

  var widget: UnsafeMutablePointer<GtkWidget> { object.typed() }

  /// The name Orca reads and the tests find the widget by, when its own text is not it.
  public func setAccessibleLabel(_ label: String) { reminders_accessible_label(widget, label) }

  /// What Orca reads after the name.
  public func setAccessibleDescription(_ description: String) {
    reminders_accessible_description(widget, description)
  }

  public var isSensitive: Bool {
    get { gtk_widget_get_sensitive(widget) != 0 }
    set { gtk_widget_set_sensitive(widget, newValue ? 1 : 0) }
  }

  public var isVisible: Bool {
    get { gtk_widget_get_visible(widget) != 0 }
    set { gtk_widget_set_visible(widget, newValue ? 1 : 0) }
  }

  /// A style class of libadwaita's stylesheet (`title-1`, `suggested-action`, `dim-label`, …):
  /// sizes relative to the desktop's font, so that text scaling is followed.
  public func addStyleClass(_ name: String) { gtk_widget_add_css_class(widget, name) }

  public func grabFocus() { _ = gtk_widget_grab_focus(widget) }

  public var hasFocus: Bool { gtk_widget_has_focus(widget) != 0 }

  public func setMargins(_ margin: Int32) {
    gtk_widget_set_margin_top(widget, margin)
    gtk_widget_set_margin_bottom(widget, margin)
    gtk_widget_set_margin_start(widget, margin)
    gtk_widget_set_margin_end(widget, margin)
  }

  public func expand(horizontally: Bool = false, vertically: Bool = false) {
    gtk_widget_set_hexpand(widget, horizontally ? 1 : 0)
    gtk_widget_set_vexpand(widget, vertically ? 1 : 0)
  }

  public func align(horizontally: Alignment = .fill, vertically: Alignment = .fill) {
    gtk_widget_set_halign(widget, horizontally.gtk)
    gtk_widget_set_valign(widget, vertically.gtk)
  }

  /// `body` for each key pressed while the focus is in this widget and no child took the key
  /// (a focused button takes Space and Enter itself); true when it was handled.
  public func onKeyPressed(_ body: @escaping @MainActor (Key) -> Bool) {
    let controller = gtk_event_controller_key_new()!
    let handler:
      @convention(c) (UnsafeMutableRawPointer?, UInt32, UInt32, UInt32, UnsafeMutableRawPointer?) -> Int32 = {
        _, value, _, state, data in
        guard let data else { return 0 }
        let body = ClosureBox<KeyAction>.from(data)
        let unicode = gdk_keyval_to_unicode(value)
        let modifiers = GDK_CONTROL_MASK.rawValue | GDK_ALT_MASK.rawValue | GDK_SUPER_MASK.rawValue
        let key = Key(
          value: value, character: unicode == 0 ? nil : Unicode.Scalar(unicode).map(Character.init),
          withModifier: state & modifiers != 0)
        return MainActor.assumeIsolated { body(key) } ? 1 : 0
      }
    let destroy: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutablePointer<GClosure>?) -> Void = {
      data, _ in
      if let data { ClosureBox<KeyAction>.release(data) }
    }
    _ = reminders_signal_connect(
      UnsafeMutableRawPointer(controller), "key-pressed", unsafeBitCast(handler, to: GCallback.self),
      ClosureBox<KeyAction>.retained(body), destroy)
    // The widget takes the controller's reference.
    gtk_widget_add_controller(widget, controller)
  }
}

/// A line or paragraph of text.
public final class Label: Widget {
  public init(_ text: String = "", style: String? = nil, wraps: Bool = true) {
    super.init(sinking: gtk_label_new(text)!)
    gtk_label_set_wrap(object.opaque, wraps ? 1 : 0)
    if let style { addStyleClass(style) }
  }

  public var text: String {
    get { String(cString: gtk_label_get_text(object.opaque)) }
    set { gtk_label_set_text(object.opaque, newValue) }
  }

  /// The text, the label hidden while it is empty (so that a screen reader meets no empty
  /// label): a status line.
  public var message: String {
    get { text }
    set {
      text = newValue
      isVisible = !newValue.isEmpty
    }
  }

  /// Where the lines start: 0 at the leading edge, 0.5 centred.
  public func setTextAlignment(_ x: Float) { gtk_label_set_xalign(object.opaque, x) }

  /// Text a person may select and copy (a card's front and back).
  public func setSelectable(_ selectable: Bool) {
    gtk_label_set_selectable(object.opaque, selectable ? 1 : 0)
  }

  /// The label that names `widget` for a screen reader (GTK's mnemonic widget).
  public func labels(_ widget: Widget) { gtk_label_set_mnemonic_widget(object.opaque, widget.widget) }
}

/// A push button.
public final class Button: Widget {
  public init(_ label: String, style: String? = nil) {
    super.init(sinking: gtk_button_new_with_label(label)!)
    if let style { addStyleClass(style) }
  }

  public var label: String {
    get { gtk_button_get_label(object.typed()).map { String(cString: $0) } ?? "" }
    set { gtk_button_set_label(object.typed(), newValue) }
  }

  public func onClicked(_ action: @escaping @MainActor () -> Void) { connect(object.raw, "clicked", action) }
}

/// Children in a row or a column.
public final class Box: Widget {
  public enum Direction: Sendable { case horizontal, vertical }

  public init(_ direction: Direction, spacing: Int32 = 12) {
    super.init(
      sinking: gtk_box_new(
        direction == .horizontal ? GTK_ORIENTATION_HORIZONTAL : GTK_ORIENTATION_VERTICAL, spacing)!)
  }

  public func append(_ child: Widget) { gtk_box_append(object.typed(), child.widget) }
  public func remove(_ child: Widget) { gtk_box_remove(object.typed(), child.widget) }

  /// Children of equal width (a row of answer buttons).
  public func setHomogeneous(_ homogeneous: Bool) {
    gtk_box_set_homogeneous(object.typed(), homogeneous ? 1 : 0)
  }
}

/// A child that scrolls when it does not fit (a page at large text sizes).
public final class ScrolledWindow: Widget {
  public init(_ child: Widget) {
    super.init(sinking: gtk_scrolled_window_new()!)
    gtk_scrolled_window_set_child(object.opaque, child.widget)
    gtk_scrolled_window_set_policy(object.opaque, GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
    expand(horizontally: true, vertically: true)
  }
}

/// A child kept to a readable width, centred (libadwaita's clamp).
public final class Clamp: Widget {
  public init(_ child: Widget, width: Int32 = 600) {
    super.init(sinking: adw_clamp_new()!)
    adw_clamp_set_child(object.opaque, child.widget)
    adw_clamp_set_maximum_size(object.opaque, width)
  }
}

/// An on/off switch.
public final class Switch: Widget {
  public init() { super.init(sinking: gtk_switch_new()!) }

  public var isOn: Bool {
    get { gtk_switch_get_active(object.opaque) != 0 }
    set { gtk_switch_set_active(object.opaque, newValue ? 1 : 0) }
  }

}

/// A choice among a few words.
public final class DropDown: Widget {
  public init(_ choices: [String]) {
    super.init(sinking: withCStrings(choices) { gtk_drop_down_new_from_strings($0)! })
  }

  public var selected: Int {
    get { Int(gtk_drop_down_get_selected(object.opaque)) }
    set { gtk_drop_down_set_selected(object.opaque, UInt32(newValue)) }
  }

  public func onSelected(_ action: @escaping @MainActor () -> Void) {
    connectNotify(object.raw, property: "selected", action)
  }
}

/// `body` with `strings` as a NULL-terminated C array, for the call's length.
func withCStrings<R>(_ strings: [String], _ body: (UnsafePointer<UnsafePointer<CChar>?>) -> R) -> R {
  var copies = strings.map { strdup($0) }
  defer { copies.forEach { free($0) } }
  copies.append(nil)
  return copies.map { UnsafePointer($0) }.withUnsafeBufferPointer { body($0.baseAddress!) }
}

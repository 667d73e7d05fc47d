// Stand-in of what SwiftUI lists are edited with: `ForEach` over a binding (`ForEach($items) {
// $item in … }`), swipe-to-delete and move, and the collection helpers their handlers call.
// Declarations only, but for those helpers: reducers and models call `remove(atOffsets:)` and
// `move(fromOffsets:toOffset:)` on plain arrays, so they have real bodies here, and an app's
// logic tested on Linux against the stand-in behaves as on Apple platforms.
import Foundation

// https://developer.apple.com/documentation/swiftui/dynamicviewcontent
public protocol DynamicViewContent: View {
  // https://developer.apple.com/documentation/swiftui/dynamicviewcontent/data-swift.associatedtype
  associatedtype Data: Collection
  // https://developer.apple.com/documentation/swiftui/dynamicviewcontent/data-swift.property
  var data: Self.Data { get }
}

extension ForEach: DynamicViewContent where Content: View {
  public var data: Data { fatalError() }
}

extension ModifiedContent: DynamicViewContent where Content: DynamicViewContent {
  public var data: Content.Data { fatalError() }
}

extension DynamicViewContent {
  // https://developer.apple.com/documentation/swiftui/dynamicviewcontent/ondelete(perform:)
  public nonisolated func onDelete(perform action: ((IndexSet) -> Void)?) -> some DynamicViewContent
  { modified() }
  // https://developer.apple.com/documentation/swiftui/dynamicviewcontent/onmove(perform:)
  public nonisolated func onMove(perform action: ((IndexSet, Int) -> Void)?)
    -> some DynamicViewContent
  { modified() }
}

extension ForEach {
  // https://developer.apple.com/documentation/swiftui/foreach/init(_:content:)
  // (the overloads this page groups include the one for a binding to identifiable data)
  public nonisolated init<C: MutableCollection & RandomAccessCollection>(
    _ data: Binding<C>, @ViewBuilder content: @escaping (Binding<C.Element>) -> Content
  )
  where
    Data == LazyMapSequence<C.Indices, (C.Index, ID)>, ID == C.Element.ID, Content: View,
    C.Element: Identifiable, C.Index: Hashable
  { fatalError() }
  // https://developer.apple.com/documentation/swiftui/foreach/init(_:id:content:)
  // (the overloads this page groups include the one for a binding)
  public nonisolated init<C: MutableCollection & RandomAccessCollection>(
    _ data: Binding<C>, id: KeyPath<C.Element, ID>,
    @ViewBuilder content: @escaping (Binding<C.Element>) -> Content
  ) where Data == LazyMapSequence<C.Indices, (C.Index, ID)>, Content: View, C.Index: Hashable {
    fatalError()
  }
}

extension ForEach where Data == Range<Int>, ID == Int, Content: View {
  // https://developer.apple.com/documentation/swiftui/foreach/init(_:content:)
  // (the overloads this page groups include the one for a range of integers)
  public nonisolated init(_ data: Range<Int>, @ViewBuilder content: @escaping (Int) -> Content) {
    fatalError()
  }
}

extension List where SelectionValue == Never {
  // https://developer.apple.com/documentation/swiftui/list/init(_:rowcontent:)
  // (the overloads this page groups include the one for a binding to identifiable data)
  public nonisolated init<Data: MutableCollection & RandomAccessCollection, RowContent: View>(
    _ data: Binding<Data>, @ViewBuilder rowContent: @escaping (Binding<Data.Element>) -> RowContent
  )
  where
    Content == ForEach<
      LazyMapSequence<Data.Indices, (Data.Index, Data.Element.ID)>, Data.Element.ID, RowContent
    >,
    Data.Element: Identifiable, Data.Index: Hashable
  { fatalError() }
}

extension List {
  // https://developer.apple.com/documentation/swiftui/list/init(selection:content:)
  // (the overloads this page groups include the one for an optional single selection)
  public nonisolated init(
    selection: Binding<SelectionValue?>?, @ViewBuilder content: () -> Content
  ) { fatalError() }
}

extension MutableCollection {
  // https://developer.apple.com/documentation/swiftui/mutablecollection/move(fromoffsets:tooffset:)
  public mutating func move(fromOffsets source: IndexSet, toOffset destination: Int) {
    // NB: a real body (see the file's header): the elements at `source`, in order, end up
    // before the element that was at `destination`, or at the end.
    var moved: [Element] = []
    var others: [Element] = []
    for (offset, element) in self.enumerated() {
      if source.contains(offset) { moved.append(element) } else { others.append(element) }
    }
    let insertion = destination - source.count(in: 0..<destination)
    others.insert(contentsOf: moved, at: Swift.min(Swift.max(insertion, 0), others.count))
    var index = startIndex
    for element in others {
      self[index] = element
      formIndex(after: &index)
    }
  }
}

extension RangeReplaceableCollection where Self: MutableCollection {
  // https://developer.apple.com/documentation/swiftui/rangereplaceablecollection/remove(atoffsets:)
  public mutating func remove(atOffsets offsets: IndexSet) {
    // NB: a real body (see the file's header), from the last offset down so that the others
    // still name the same elements.
    for offset in offsets.reversed() {
      remove(at: index(startIndex, offsetBy: offset))
    }
  }
}

import SwiftUI

/// A custom modifier, as apps write for their cards.
struct CardStyle: ViewModifier {
  let theme: Theme

  func body(content: Content) -> some View {
    content
      .background(theme.mainColor)
      .clipShape(RoundedRectangle(cornerRadius: 12))
      .shadow(radius: 2)
  }
}

extension View {
  func cardStyle(_ theme: Theme) -> some View {
    modifier(CardStyle(theme: theme))
  }
}

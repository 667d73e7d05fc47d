import SwiftUI

/// One arc per set, as a timer screen draws its progress.
struct SetArc: Shape {
  let setIndex: Int
  let totalSets: Int

  private var degreesPerSet: Double {
    360.0 / Double(totalSets)
  }
  private var startAngle: Angle {
    Angle(degrees: degreesPerSet * Double(setIndex) + 1.0)
  }
  private var endAngle: Angle {
    Angle(degrees: startAngle.degrees + degreesPerSet - 1.0)
  }

  func path(in rect: CGRect) -> Path {
    let diameter = min(rect.size.width, rect.size.height) - 24.0
    let radius = diameter / 2.0
    let center = CGPoint(x: rect.midX, y: rect.midY)
    return Path { path in
      path.addArc(
        center: center, radius: radius, startAngle: startAngle, endAngle: endAngle,
        clockwise: false)
    }
  }
}

struct ProgressRing: View {
  let completedSets: Int
  let totalSets: Int
  let theme: Theme

  var body: some View {
    Circle()
      .strokeBorder(lineWidth: 24)
      .overlay {
        VStack {
          Text("\(completedSets) of \(totalSets)")
            .font(.title)
          Text("sets done")
        }
        .accessibilityElement(children: .combine)
        .foregroundStyle(theme.accentColor)
      }
      .overlay {
        ForEach(0..<completedSets) { index in
          SetArc(setIndex: index, totalSets: max(totalSets, 1))
            .rotation(Angle(degrees: -90))
            .stroke(theme.mainColor, lineWidth: 12)
        }
      }
      .padding(.horizontal)
  }
}

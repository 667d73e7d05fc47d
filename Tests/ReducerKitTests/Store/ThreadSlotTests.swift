import Foundation
import ReducerKitShims
import TestSupport
import Testing

@testable import ReducerKit

/// The thread identity that a store compares on every action, and the per-thread slot it keys.
struct ThreadSlotTests {
  /// Runs `body` on `count` threads that are all alive at once, and returns what each returned.
  func onLiveThreads<T: Sendable>(_ count: Int, _ body: @escaping @Sendable () -> T) -> [T] {
    // NB: an `NSLock`-backed box, not `Mutex`: the thread sanitizer reports a `Mutex` captured
    // by several threads' closures as an access race (a Swift access it cannot see the lock of).
    let results = Locked<[T]>([])
    let arrived = DispatchSemaphore(value: 0)
    let release = DispatchSemaphore(value: 0)
    let finished = DispatchGroup()
    for _ in 0..<count {
      finished.enter()
      let thread = Thread {
        let value = body()
        results.withLock { $0.append(value) }
        arrived.signal()
        // NB: stays alive until every thread has read its identity: an ended thread's identity
        // may be handed to the next thread.
        release.wait()
        finished.leave()
      }
      thread.start()
    }
    for _ in 0..<count { arrived.wait() }
    for _ in 0..<count { release.signal() }
    finished.wait()
    return results.withLock { $0 }
  }

  @Test func thePortableBranchNamesTheThreadByItsPthreadHandle() {
    // Apple platforms' branch; CI's thread-sanitizer run compiles it on Linux
    // (`-Xcc -DREDUCERKIT_PORTABLE_THREAD_ID`) and runs this suite, so both branches are tested.
    #if os(Linux)
      let handle = UInt(pthread_self())
    #else
      let handle = UInt(bitPattern: pthread_self())
    #endif
    if reducerkit_thread_id_is_portable() == 1 {
      #expect(ThreadSlot.currentThread == handle)
    } else {
      #expect(ThreadSlot.currentThread != 0)
    }
    let identities = onLiveThreads(2) { ThreadSlot.currentThread }
    #expect(identities[0] != identities[1])
  }

  @Test func threadsAliveAtOnceHaveDistinctIdentities() {
    let identities = onLiveThreads(8) { ThreadSlot.currentThread }
    #expect(identities.count == 8)
    #expect(Set(identities).count == 8)
    #expect(!identities.contains(ThreadSlot.currentThread))
  }

  @Test func aThreadsIdentityIsStableAndIsItsSlots() {
    let checks = onLiveThreads(4) {
      let first = ThreadSlot.currentThread
      let slot = ThreadSlot.current
      return (first == ThreadSlot.currentThread, slot.thread == first, slot === ThreadSlot.current)
    }
    #expect(checks.count == 4)
    for (stable, matchesSlot, sameSlot) in checks {
      #expect(stable)
      #expect(matchesSlot)
      #expect(sameSlot)
    }
  }

  @Test func aContextIsCurrentOnlyOnTheThreadThatRunsIt() async {
    let context = ReduceContext(values: DependencyValues())
    let seenElsewhere = Locked<Bool?>(nil)
    let seenHere = context.run {
      let other = Thread { seenElsewhere.withLock { $0 = ReduceContext.current != nil } }
      let done = DispatchSemaphore(value: 0)
      let waiter = Thread {
        while seenElsewhere.withLock({ $0 }) == nil { usleep(100) }
        done.signal()
      }
      other.start()
      waiter.start()
      done.wait()
      return ReduceContext.current === context
    }
    #expect(seenHere)
    #expect(seenElsewhere.withLock { $0 } == false)
    #expect(ReduceContext.current == nil)
  }

  @Test func theIdleBitIsTheRootsKeptByAnOverrideAndHiddenFromReaders() {
    let root = ReduceContext(values: DependencyValues())
    let override = ReduceContext(values: DependencyValues())
    for storeIsIdle in [true, false] {
      let fastPath = SendFastPath(context: root, storeIsIdle: storeIsIdle)
      let seen = fastPath.run {
        (
          root: (ReduceContext.storeRunsNoEffect, ReduceContext.current === root),
          kept: override.runKeepingIdleBit {
            (ReduceContext.storeRunsNoEffect, ReduceContext.current === override)
          },
          plain: override.run { ReduceContext.storeRunsNoEffect }
        )
      }
      #expect(seen.root == (storeIsIdle, true))
      #expect(seen.kept == (storeIsIdle, true))
      // NB: a context installed outside a root's send never says that no effect runs.
      #expect(seen.plain == false)
    }
    #expect(ReduceContext.current == nil)
    #expect(!ReduceContext.storeRunsNoEffect)
  }
}

//! A global allocator that counts, per thread, every allocation and reallocation.
//!
//! The count is per thread because the test harness runs tests, and its own bookkeeping, on other
//! threads at unpredictable times: a test reads the count of the thread that runs the code under
//! test, before and after. A test binary installs it with
//!
//! ```ignore
//! #[global_allocator]
//! static GLOBAL: mb_testsupport::CountingAllocator = mb_testsupport::CountingAllocator;
//! ```

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

/// Forwards to the system allocator and counts `alloc`, `alloc_zeroed` and `realloc` calls of
/// the calling thread (deallocation is not counted: freeing is never the problem).
pub struct CountingAllocator;

thread_local! {
    // `const` initialisation and a `Cell<usize>` (no destructor): reading it never allocates.
    static ALLOCATIONS: Cell<usize> = const { Cell::new(0) };
}

fn count() {
    // `try_with`: the thread-local may already be gone while a thread shuts down.
    let _ = ALLOCATIONS.try_with(|c| c.set(c.get() + 1));
}

// SAFETY: every call is forwarded unchanged to `System`; counting touches only a thread-local
// integer and neither allocates nor unwinds.
unsafe impl GlobalAlloc for CountingAllocator {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        count();
        // SAFETY: the caller's contract for `alloc` is passed on unchanged.
        unsafe { System.alloc(layout) }
    }
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        count();
        // SAFETY: as for `alloc`.
        unsafe { System.alloc_zeroed(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: `ptr` came from `System` through this allocator with this `layout`.
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        count();
        // SAFETY: as for `dealloc`, and the caller's contract for `new_size`.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

/// Allocations (and reallocations) made so far by the calling thread.
///
/// Panics if [`CountingAllocator`] is not the global allocator of the test binary: a count that
/// can never move would let every "does not allocate" assertion pass vacuously. The probe
/// allocation that checks this is taken off the count again, so consecutive readings differ by
/// exactly the allocations made in between.
pub fn allocations_on_this_thread() -> usize {
    let before = ALLOCATIONS.with(Cell::get);
    drop(std::hint::black_box(Box::new(0u64)));
    let after = ALLOCATIONS.with(Cell::get);
    assert_eq!(
        after,
        before + 1,
        "CountingAllocator is not the #[global_allocator] of this test binary"
    );
    ALLOCATIONS.with(|c| c.set(before));
    before
}

/// Runs `f` and returns the number of allocations it made on the calling thread, with its result.
pub fn allocations_during<R>(f: impl FnOnce() -> R) -> (usize, R) {
    let before = allocations_on_this_thread();
    let result = f();
    (allocations_on_this_thread() - before, result)
}

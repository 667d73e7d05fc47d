// NB: the vocabulary below the store (issue reporting, the state printer, `@Sensitive`, the
// alert and dialog state types, the test clocks, the concurrency helpers) is its own module so
// that the library's release build peaks lower: the compiler holds one LLVM module per source
// file of a module at once (CONTRIBUTING, "Compile-cost notes"). `import ReducerKit` brings it
// in, as the best-known library re-exports the packages it is built on.
@_exported import ReducerKitSupport

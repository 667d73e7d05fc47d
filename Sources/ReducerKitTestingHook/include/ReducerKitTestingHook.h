// Installs ReducerKitTesting's issue hook when the process loads. Nothing to call: linking the
// testing library is enough. Not part of any API.

#ifndef REDUCERKIT_TESTING_HOOK_H
#define REDUCERKIT_TESTING_HOOK_H
#endif

// The object that holds the tests' precompiled headers (tests/CMakeLists.txt); no code.

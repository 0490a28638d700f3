#pragma once
// The GUI tests' settings and data folder, KVTIERS_TEST_HOME (ctest sets it per test to
// build/tests/home-<test>). Emptying it is how each test starts fresh, so it must never be
// an empty or relative path: QDir("") is the current directory, and a test run by hand
// from the source tree would delete it. A missing variable stops the test instead.

#include <QDir>
#include <QtGlobal>

namespace kvtiers::test {

/// KVTIERS_TEST_HOME, checked to be an absolute path; fatal otherwise.
inline QString testHome()
{
    const QString home = qEnvironmentVariable("KVTIERS_TEST_HOME");
    if (home.isEmpty() || QDir::isRelativePath(home) || QDir(home) == QDir::root())
        qFatal("KVTIERS_TEST_HOME must be an absolute folder of the test's own (run through ctest, or set it)");
    return home;
}

/// Deletes the test's home folder and everything in it.
inline void clearTestHome()
{
    QDir(testHome()).removeRecursively();
}

} // namespace kvtiers::test

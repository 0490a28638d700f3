#pragma once
// Where a test finds the repository's own files: CTest passes KVTIERS_SOURCE_DIR; a test
// binary run by hand falls back to the tree this header sits in.

#include <QFileInfo>
#include <QString>

#include <string>

namespace kvtiers::test {

/// The repository's root.
inline QString sourceDir()
{
    const QString env = qEnvironmentVariable("KVTIERS_SOURCE_DIR");
    return env.isEmpty() ? QFileInfo(QStringLiteral(__FILE__)).absolutePath() + QStringLiteral("/../..") : env;
}

/// A file of the repository by its path from the root, e.g. "tests/data/bad".
inline QString sourceFile(const QString& relative)
{
    return sourceDir() + QLatin1Char('/') + relative;
}

/// The Mooncake conversation trace shipped in tests/data (Apache-2.0, notice beside it).
inline std::string shippedTrace()
{
    return sourceFile(QStringLiteral("tests/data/traces/mooncake-conversation.jsonl")).toStdString();
}

} // namespace kvtiers::test

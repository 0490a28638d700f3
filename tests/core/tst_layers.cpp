// The folders are layers: a file includes only from its own folder and the folders below
// it, so no include runs back up and no two folders depend on each other. The ranks here
// are the order docs/architecture.md gives; a new folder must be placed in it.

#include "tests/support/SourceFiles.h"

#include <QDirIterator>
#include <QFile>
#include <QRegularExpression>
#include <QtTest>

#include <map>

class TestLayers : public QObject {
    Q_OBJECT

    /// The rank of each folder; a file may include from folders of a lower rank and its own.
    const std::map<QString, int> m_ranks = {
        // The three targets: core below ui below app.
        { QStringLiteral("core/io"), 0 },
        { QStringLiteral("core/cards"), 1 },
        { QStringLiteral("core/scenario"), 2 },
        { QStringLiteral("core/model"), 3 },
        { QStringLiteral("core/catalog"), 4 },
        { QStringLiteral("core/analysis"), 6 },
        { QStringLiteral("core/trace"), 6 },
        { QStringLiteral("core/replay"), 7 },
        // Every result written out, above what computes it.
        { QStringLiteral("core/report"), 8 },
        { QStringLiteral("ui/text"), 9 },
        { QStringLiteral("ui/common"), 10 },
        { QStringLiteral("ui/widgets"), 11 },
        { QStringLiteral("ui/dialogs"), 11 },
        { QStringLiteral("ui/charts"), 12 },
        { QStringLiteral("ui/export"), 13 },
        // The Scenario tab and the controller whose scenario the other tabs follow.
        { QStringLiteral("ui/scenario"), 14 },
        { QStringLiteral("ui/fleet"), 15 },
        { QStringLiteral("ui/presets"), 15 },
        { QStringLiteral("ui/sensitivity"), 15 },
        { QStringLiteral("ui/trace"), 15 },
        { QStringLiteral("ui/outlook"), 15 },
        { QStringLiteral("ui/app"), 16 },
        { QStringLiteral("app/cli"), 20 },
        { QStringLiteral("app"), 21 },
    };

    static QString folderOf(const QString& path) { return path.left(path.lastIndexOf(QLatin1Char('/'))); }

private slots:
    void noIncludeRunsBackUp()
    {
        const QString root = kvtiers::test::sourceDir();
        QVERIFY2(!root.isEmpty(), "KVTIERS_SOURCE_DIR is not set");
        const QRegularExpression include(QStringLiteral("^\\s*#\\s*include\\s+\"((?:core|ui|app)/[^\"]+)\""));
        QStringList problems;
        int files = 0;
        for (const QString& top : { QStringLiteral("core"), QStringLiteral("ui"), QStringLiteral("app") }) {
            QDirIterator it(root + QLatin1Char('/') + top, { QStringLiteral("*.h"), QStringLiteral("*.cpp") },
                QDir::Files, QDirIterator::Subdirectories);
            while (it.hasNext()) {
                const QString path = it.next();
                const QString relative = path.mid(root.size() + 1);
                const QString from = folderOf(relative);
                const auto fromRank = m_ranks.find(from);
                if (fromRank == m_ranks.end()) {
                    problems << relative + QStringLiteral(": its folder has no place among the layers");
                    continue;
                }
                ++files;
                QFile file(path);
                QVERIFY(file.open(QIODevice::ReadOnly));
                int line = 0;
                while (!file.atEnd()) {
                    ++line;
                    const auto m = include.match(QString::fromUtf8(file.readLine()));
                    if (!m.hasMatch())
                        continue;
                    const QString to = folderOf(m.captured(1));
                    const auto toRank = m_ranks.find(to);
                    if (to == from)
                        continue;
                    if (toRank == m_ranks.end() || toRank->second >= fromRank->second)
                        problems << QStringLiteral("%1:%2 includes %3, which is not below %4")
                                        .arg(relative)
                                        .arg(line)
                                        .arg(m.captured(1), from);
                }
            }
        }
        QVERIFY2(files > 100, "found too few sources: is KVTIERS_SOURCE_DIR the repository?");
        QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QLatin1Char('\n'))));
    }

    void architectureNamesEveryFile()
    {
        // docs/architecture.md is where a newcomer learns what each file holds: each
        // source file of core/, ui/ and app/ is named there, by its name without extension.
        const QString root = kvtiers::test::sourceDir();
        QFile doc(root + QStringLiteral("/docs/architecture.md"));
        QVERIFY2(doc.open(QIODevice::ReadOnly), qPrintable(doc.fileName()));
        const QString text = QString::fromUtf8(doc.readAll());
        QStringList missing;
        for (const QString& top : { QStringLiteral("core"), QStringLiteral("ui"), QStringLiteral("app") }) {
            QDirIterator it(root + QLatin1Char('/') + top, { QStringLiteral("*.h"), QStringLiteral("*.cpp") },
                QDir::Files, QDirIterator::Subdirectories);
            while (it.hasNext()) {
                const QFileInfo file(it.next());
                const QRegularExpression name(
                    QStringLiteral("\\b%1\\b").arg(QRegularExpression::escape(file.completeBaseName())));
                if (!name.match(text).hasMatch())
                    missing << file.filePath().mid(root.size() + 1);
            }
        }
        QVERIFY2(
            missing.isEmpty(), qPrintable(QStringLiteral("not named in docs/architecture.md:\n") + missing.join('\n')));
    }
};

QTEST_APPLESS_MAIN(TestLayers)
#include "tst_layers.moc"

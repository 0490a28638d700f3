// Golden outputs of the command line: every case of tests/data/golden/cases.txt runs the
// built binary and compares its stdout, byte for byte, with the recorded file; its stderr
// with FILE.stderr (none recorded: stderr must be empty) and its exit status with
// FILE.exit (none recorded: 0). They prove that a restructuring keeps the CLI's output as
// it was. An intended change of output re-records them with scripts/record-golden, in a
// commit of its own that says why.
//
// Each case runs from the source tree (so a trace is named by its relative path, the same
// on every machine) with a fresh, empty home and data folder of its own (no user cards,
// presets or settings), in the C.UTF-8 locale, as scripts/record-golden records them.

#include "tests/support/SourceFiles.h"
#include "tests/support/TestSupport.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include <algorithm>

namespace {

struct GoldenCase {
    QString file; ///< under tests/data/golden/
    QStringList args;
};

QString goldenDir()
{
    return kvtiers::test::sourceDir() + QStringLiteral("/tests/data/golden");
}

/// A case's words: split on white space, where "double quotes" keep a word's spaces (a
/// preset's name) and are not part of it.
QStringList splitWords(const QString& line)
{
    QStringList words;
    QString word;
    bool quoted = false, inWord = false;
    for (const QChar c : line) {
        if (c == u'"') {
            quoted = !quoted;
            inWord = true;
        } else if (c.isSpace() && !quoted) {
            if (inWord)
                words << word;
            word.clear();
            inWord = false;
        } else {
            word += c;
            inWord = true;
        }
    }
    if (inWord)
        words << word;
    return words;
}

/// The cases: one a line, "FILE ARG ARG ...", split by splitWords; '#' starts a comment.
QList<GoldenCase> readCases(QString* error)
{
    QList<GoldenCase> cases;
    QFile f(goldenDir() + QStringLiteral("/cases.txt"));
    if (!f.open(QIODevice::ReadOnly)) {
        *error = QStringLiteral("cannot read %1: %2").arg(f.fileName(), f.errorString());
        return cases;
    }
    for (const QByteArray& raw : f.readAll().split('\n')) {
        const QString line = QString::fromUtf8(raw).trimmed();
        if (line.isEmpty() || line.startsWith(u'#'))
            continue;
        QStringList words = splitWords(line);
        GoldenCase c;
        c.file = words.takeFirst();
        c.args = words;
        cases.push_back(c);
    }
    return cases;
}

QByteArray readFile(const QString& path, bool* exists)
{
    QFile f(path);
    *exists = f.open(QIODevice::ReadOnly);
    return *exists ? f.readAll() : QByteArray();
}

/// Empty if `actual` equals `expected` byte for byte; otherwise the file, the first line
/// that differs (1-based) and both versions of it.
QString firstDifference(const QString& file, const QByteArray& expected, const QByteArray& actual)
{
    if (expected == actual)
        return {};
    const QList<QByteArray> e = expected.split('\n');
    const QList<QByteArray> a = actual.split('\n');
    for (qsizetype i = 0; i < std::max(e.size(), a.size()); ++i) {
        const QByteArray* el = i < e.size() ? &e[i] : nullptr;
        const QByteArray* al = i < a.size() ? &a[i] : nullptr;
        if (el && al && *el == *al)
            continue;
        auto shown = [](const QByteArray* l) {
            return l ? QStringLiteral("\"%1\"").arg(QString::fromUtf8(*l)) : QStringLiteral("(no such line)");
        };
        return QStringLiteral("%1:%2: differs from the golden file\n  expected: %3\n  actual:   %4")
            .arg(file)
            .arg(i + 1)
            .arg(shown(el), shown(al));
    }
    return QStringLiteral("%1: differs from the golden file").arg(file);
}

} // namespace

class TestGolden : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void output_data();
    void output();

private:
    QTemporaryDir m_home;
};

void TestGolden::initTestCase()
{
    QVERIFY2(!qEnvironmentVariable("KVTIERS_BINARY").isEmpty(), "KVTIERS_BINARY is not set (run through ctest)");
    QVERIFY(m_home.isValid());
}

void TestGolden::output_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QStringList>("args");
    QString error;
    const QList<GoldenCase> cases = readCases(&error);
    if (!error.isEmpty())
        qFatal("%s", qPrintable(error));
    if (cases.isEmpty())
        qFatal("no golden cases in %s/cases.txt", qPrintable(goldenDir()));
    for (const GoldenCase& c : cases)
        QTest::newRow(qPrintable(c.file)) << c.file << c.args;
}

void TestGolden::output()
{
    QFETCH(QString, file);
    QFETCH(QStringList, args);

    // A fresh home per case: nothing one case writes can reach the next.
    const QString home = m_home.filePath(QString(file).replace(u'/', u'_'));
    QVERIFY(QDir().mkpath(home));
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("HOME"), home);
    env.insert(QStringLiteral("XDG_CONFIG_HOME"), home + QStringLiteral("/config"));
    env.insert(QStringLiteral("XDG_DATA_HOME"), home + QStringLiteral("/data"));
    env.insert(QStringLiteral("KVTIERS_DATA_DIR"), home + QStringLiteral("/kvtiers"));
    env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    env.insert(QStringLiteral("LC_ALL"), QStringLiteral("C.UTF-8"));
    env.remove(QStringLiteral("XDG_RUNTIME_DIR"));

    QProcess p;
    p.setProgram(qEnvironmentVariable("KVTIERS_BINARY"));
    p.setArguments(args);
    p.setWorkingDirectory(kvtiers::test::sourceDir());
    p.setProcessEnvironment(env);
    p.start();
    QVERIFY2(p.waitForFinished(120000), qPrintable(QStringLiteral("kvtiers %1: did not finish").arg(args.join(u' '))));
    QCOMPARE(p.exitStatus(), QProcess::NormalExit);
    const QByteArray out = p.readAllStandardOutput();
    const QByteArray err = p.readAllStandardError();

    const QString path = goldenDir() + u'/' + file;
    bool exists = false;
    const QByteArray expectedOut = readFile(path, &exists);
    QVERIFY2(exists, qPrintable(QStringLiteral("%1: no golden file (record it with scripts/record-golden)").arg(path)));
    KV_CHECK(firstDifference(file, expectedOut, out));

    const QByteArray expectedErr = readFile(path + QStringLiteral(".stderr"), &exists);
    KV_CHECK(firstDifference(file + QStringLiteral(".stderr"), expectedErr, err));

    const QByteArray exitText = readFile(path + QStringLiteral(".exit"), &exists);
    const int expectedExit = exists ? exitText.trimmed().toInt() : 0;
    QVERIFY2(p.exitCode() == expectedExit,
        qPrintable(QStringLiteral("%1: kvtiers %2 exited with %3, the golden exit status is %4")
                       .arg(file, args.join(u' '))
                       .arg(p.exitCode())
                       .arg(expectedExit)));
}

QTEST_GUILESS_MAIN(TestGolden)
#include "tst_golden.moc"

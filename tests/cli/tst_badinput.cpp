// Bad input: every malformed file or value a user can hand kvtiers is refused
// with a message naming the file (or option) and the field or position; nothing crashes
// and no user file changes.
//
// The corpus is tests/data/bad/ (cases.tsv lists each case and the substrings its message
// must contain). Each case is loaded from a temporary copy of the corpus, through the same
// entry points the CLI and the GUI use, and every file of that copy is hashed before and
// after. Directories, devices and a 200 MB file are made at test time.

#include "app/cli/CommandLine.h"
#include "core/analysis/Outlook.h"
#include "core/cards/HfConfig.h"
#include "core/catalog/PresetStore.h"
#include "core/model/VllmCheck.h"
#include "core/model/VllmComparison.h"
#include "core/model/VllmLogSetup.h"
#include "core/trace/TraceAnalysis.h"
#include "tests/support/SourceFiles.h"
#include "tests/support/TestSupport.h"

#include <QCryptographicHash>
#include <QDir>
#include <QDirIterator>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QTemporaryDir>

#include <map>
#include <memory>
#include <sstream>

using namespace kvtiers;
using namespace kvtiers::test;

namespace {

QString corpusDir()
{
    return kvtiers::test::sourceDir() + QStringLiteral("/tests/data/bad");
}

QByteArray fileHash(const QString& path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return QByteArrayLiteral("(unreadable)");
    return QCryptographicHash::hash(f.readAll(), QCryptographicHash::Sha256);
}

/// Every file under `dir` (recursively) with its SHA-256: the "user files" of a case.
std::map<QString, QByteArray> hashTree(const QString& dir)
{
    std::map<QString, QByteArray> hashes;
    QDirIterator it(dir, QDir::Files | QDir::Hidden | QDir::NoDotAndDotDot, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString path = it.next();
        hashes[path] = fileHash(path);
    }
    return hashes;
}

bool copyTree(const QString& from, const QString& to)
{
    QDir().mkpath(to);
    QDirIterator it(from, QDir::Files | QDir::Hidden | QDir::NoDotAndDotDot, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString path = it.next();
        const QString rel = QDir(from).relativeFilePath(path);
        const QString target = to + QLatin1Char('/') + rel;
        QDir().mkpath(QFileInfo(target).absolutePath());
        if (!QFile::copy(path, target))
            return false;
    }
    return true;
}

struct Case {
    QString file; ///< relative to the corpus
    QStringList needles;
    bool loads() const { return needles == QStringList { QStringLiteral("@loads") }; }
};

std::vector<Case> readCases()
{
    std::vector<Case> cases;
    QFile f(corpusDir() + QStringLiteral("/cases.tsv"));
    if (!f.open(QIODevice::ReadOnly | QIODevice::Text))
        return cases;
    while (!f.atEnd()) {
        const QString line = QString::fromUtf8(f.readLine()).trimmed();
        if (line.isEmpty() || line.startsWith(QLatin1Char('#')))
            continue;
        QStringList parts = line.split(QLatin1Char('\t'));
        Case c;
        c.file = parts.takeFirst();
        c.needles = parts;
        cases.push_back(c);
    }
    return cases;
}

/// Empty if `message` contains every needle (and, when given, the file's name).
QString missingFrom(const QString& message, const QStringList& needles, const QString& fileName = {})
{
    if (message.isEmpty())
        return QStringLiteral("no error was reported");
    QStringList all = needles;
    if (!fileName.isEmpty())
        all.prepend(fileName);
    for (const QString& n : all)
        if (!message.contains(n))
            return QStringLiteral("message \"%1\" does not mention \"%2\"").arg(message, n);
    return {};
}

std::string s(const QString& q)
{
    return q.toStdString();
}

QString errorOf(const std::function<void()>& f)
{
    return inputErrorOf(f);
}

/// The messages the real entry points give for one file of a kind (several entry points
/// per kind: the loader with readInputFile, and the catalog's "ID or FILE" resolver).
QStringList loadErrors(const QString& kind, const QString& path)
{
    const std::string p = s(path);
    const CardCatalog& cat = CardCatalog::builtin();
    QStringList errors;
    if (kind == QLatin1String("models")) {
        errors << errorOf([&] { loadModelCard(readInputFile(p), p); });
        errors << errorOf([&] { cat.resolveModel(p); });
    } else if (kind == QLatin1String("hardware")) {
        errors << errorOf([&] { loadHardwareCard(readInputFile(p), p); });
        errors << errorOf([&] { cat.resolveHardware(p); });
    } else if (kind == QLatin1String("workloads")) {
        errors << errorOf([&] { loadWorkloadCard(readInputFile(p), p); });
        errors << errorOf([&] { cat.resolveWorkload(p); });
    } else if (kind == QLatin1String("hfconfig")) {
        errors << errorOf([&] { importHfConfig(parseStrictJson(readInputFile(p), p), p); });
        errors << errorOf([&] { cat.resolveModel(p); });
    } else if (kind == QLatin1String("vllmlog")) {
        errors << errorOf([&] { parseVllmLog(readInputFile(p), p); });
    } else if (kind == QLatin1String("presets")) {
        errors << errorOf([&] { PresetStore::fromJson(parseStrictJson(readInputFile(p), p), p); });
    } else if (kind == QLatin1String("outlooks")) {
        errors << errorOf([&] { validateOutlook(cat, loadOutlookCard(readInputFile(p), p)); });
        errors << errorOf([&] { validateOutlook(cat, cat.resolveOutlook(p)); });
    } else if (kind == QLatin1String("traces")) {
        errors << errorOf([&] {
            auto reader = trace::TraceReader::open(p);
            trace::analyzeTrace(*reader, {});
        });
    }
    return errors;
}

struct CliResult {
    int status = -1;
    QString out, err;
};

CliResult runCli(const QStringList& args)
{
    std::vector<std::string> a;
    for (const QString& x : args)
        a.push_back(s(x));
    std::ostringstream out, err;
    CliResult r;
    r.status = cli::run(a, out, err);
    r.out = QString::fromStdString(out.str());
    r.err = QString::fromStdString(err.str());
    return r;
}

QStringList cliArgs(const QString& argsFile, const QString& corpus)
{
    QFile f(argsFile);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    QStringList args;
    const QStringList lines = QString::fromUtf8(f.readAll()).split(QLatin1Char('\n'));
    for (const QString& line : lines)
        if (!line.isEmpty())
            args << QString(line).replace(QStringLiteral("@BAD@"), corpus);
    return args;
}

} // namespace

class TestBadInput : public QObject {
    Q_OBJECT

    std::unique_ptr<QTemporaryDir> m_home;   ///< KVTIERS_DATA_DIR for the CLI's preset store
    std::unique_ptr<QTemporaryDir> m_corpus; ///< a copy of the corpus, which CLI cases name
    std::map<QString, QByteArray> m_corpusHashes;

private slots:
    void initTestCase()
    {
        m_home = std::make_unique<QTemporaryDir>();
        QVERIFY(m_home->isValid());
        qputenv("KVTIERS_DATA_DIR", m_home->path().toUtf8());
        m_corpus = std::make_unique<QTemporaryDir>();
        QVERIFY(copyTree(corpusDir(), m_corpus->path()));
        m_corpusHashes = hashTree(m_corpus->path());
        CardCatalog::builtin(); // built-ins load before any timing below
    }

    void corpusIsLargeEnough()
    {
        const auto cases = readCases();
        std::map<QString, int> byKind;
        int bad = 0;
        for (const auto& c : cases) {
            ++byKind[c.file.section(QLatin1Char('/'), 0, 0)];
            QVERIFY2(QFileInfo::exists(corpusDir() + QLatin1Char('/') + c.file), qPrintable(c.file));
            bad += c.loads() ? 0 : 1;
        }
        QVERIFY2(bad >= 60, qPrintable(QString::number(bad)));
        for (const char* kind :
            { "models", "hardware", "workloads", "presets", "hfconfig", "vllmlog", "traces", "cli" })
            QVERIFY2(byKind[QString::fromLatin1(kind)] >= 5, kind);
        // Every file in the corpus is a listed case (a new file without expectations is a mistake).
        QDirIterator it(corpusDir(), QDir::Files, QDirIterator::Subdirectories);
        int files = 0;
        while (it.hasNext()) {
            const QString rel = QDir(corpusDir()).relativeFilePath(it.next());
            if (rel == QLatin1String("cases.tsv") || rel == QLatin1String("README.md"))
                continue;
            ++files;
            QVERIFY2(std::any_of(cases.begin(), cases.end(), [&](const Case& c) { return c.file == rel; }),
                qPrintable(rel + QStringLiteral(" is not listed in cases.tsv")));
        }
        QCOMPARE(files, static_cast<int>(cases.size()));
    }

    void corpus_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QStringList>("needles");
        for (const auto& c : readCases())
            QTest::newRow(qPrintable(c.file)) << c.file << c.needles;
    }

    void corpus()
    {
        QFETCH(QString, file);
        QFETCH(QStringList, needles);
        const bool loads = needles == QStringList { QStringLiteral("@loads") };
        const QString kind = file.section(QLatin1Char('/'), 0, 0);
        const QString fileName = QFileInfo(file).fileName();
        // The "user folder" of this case: a copy of the case file (CLI cases use the shared
        // copy of the whole corpus, checked file by file below and again at the end).
        QTemporaryDir tmp;
        QVERIFY(tmp.isValid());
        const QString path = tmp.path() + QLatin1Char('/') + fileName;
        QVERIFY(QFile::copy(corpusDir() + QLatin1Char('/') + file, path));
        const auto before = hashTree(tmp.path());
        std::map<QString, QByteArray> referencedBefore;

        if (kind == QLatin1String("cli")) {
            const QStringList args = cliArgs(path, m_corpus->path());
            QVERIFY(!args.isEmpty());
            for (const QString& a : args)
                if (a.startsWith(m_corpus->path()) && QFileInfo(a).isFile())
                    referencedBefore[a] = m_corpusHashes.at(a);
            const CliResult r = runCli(args);
            QCOMPARE(r.status, 2);
            QVERIFY2(r.err.startsWith(QStringLiteral("kvtiers: ")) && r.err.count(QLatin1Char('\n')) == 1,
                qPrintable(QStringLiteral("stderr is not one line: ") + r.err));
            KV_CHECK(missingFrom(r.err, needles));
            // The built binary too: a real process, which must exit 2, not crash.
            const QString binary = qEnvironmentVariable("KVTIERS_BINARY");
            if (!binary.isEmpty() && QFileInfo::exists(binary)) {
                QProcess proc;
                proc.start(binary, args);
                QVERIFY(proc.waitForFinished(60000));
                QCOMPARE(proc.exitStatus(), QProcess::NormalExit);
                QCOMPARE(proc.exitCode(), 2);
                KV_CHECK(missingFrom(QString::fromUtf8(proc.readAllStandardError()), needles));
            }
        } else if (kind == QLatin1String("presets")) {
            checkPreset(path, fileName, needles, loads);
        } else {
            const QStringList errors = loadErrors(kind, path);
            QVERIFY(!errors.isEmpty());
            for (const QString& e : errors) {
                if (loads)
                    QVERIFY2(e.isEmpty(), qPrintable(e));
                else
                    KV_CHECK(missingFrom(e, needles, fileName));
            }
        }
        if (QTest::currentTestFailed())
            return;
        QVERIFY(hashTree(tmp.path()) == before);
        for (const auto& [p, h] : referencedBefore)
            QVERIFY2(fileHash(p) == h, qPrintable(p + QStringLiteral(" changed")));
    }

    void cleanupTestCase()
    {
        // No case changed, added or removed a file of the shared corpus copy.
        QVERIFY(hashTree(m_corpus->path()) == m_corpusHashes);
    }

private:
    /// A bad file in the user's preset folder is reported by name and field; the folder's
    /// good preset still loads; importing the file is refused with the same kind of message.
    void checkPreset(const QString& path, const QString& fileName, const QStringList& needles, bool loads)
    {
        QTemporaryDir user; // the user's preset folder: the bad file beside a good preset
        const QString userDir = user.path();
        QVERIFY(QFile::copy(path, userDir + QLatin1Char('/') + fileName));
        {
            PresetStore keeper(s(userDir));
            ScenarioSpec spec;
            spec.workload = "chat";
            QVERIFY(keeper.save("Keeper", spec).ok());
        }
        const auto before = hashTree(userDir);
        PresetStore store(s(userDir));
        QVERIFY2(store.find("Keeper"), "the good preset beside the bad one did not load");
        const auto problem = std::find_if(store.problems().begin(), store.problems().end(),
            [&](const PresetProblem& p) { return p.file.ends_with(s(fileName)); });
        if (loads) {
            QVERIFY2(
                problem == store.problems().end(), problem == store.problems().end() ? "" : problem->reason.c_str());
        } else if (problem != store.problems().end()) {
            KV_CHECK(missingFrom(QString::fromStdString(problem->reason), needles, fileName));
        } else {
            // Structurally a preset: it loads, and resolving it (as every use does) names the field.
            const Preset* p = nullptr;
            for (const auto& x : store.presets())
                if (x.file.ends_with(s(fileName)))
                    p = &x;
            QVERIFY2(p, "the bad preset neither loaded nor was reported");
            KV_CHECK(missingFrom(errorOf([&] { resolveScenario(CardCatalog::builtin(), p->spec); }), needles));
        }
        // Import into another store: refused with the file and the field, nothing written.
        QTemporaryDir other;
        PresetStore target(s(other.path()));
        std::string name;
        const Status st = target.importFile(s(path), &name);
        if (loads) {
            QVERIFY2(st.ok(), st.error.c_str());
        } else {
            QVERIFY(!st.ok());
            KV_CHECK(missingFrom(QString::fromStdString(st.error), needles, fileName));
            QVERIFY(QDir(other.path()).entryList(QDir::Files).isEmpty());
        }
        const auto after = hashTree(userDir);
        QVERIFY(before == after);
    }

private slots:
    // ---- made at test time

    void directoryWhereFileExpected()
    {
        QTemporaryDir tmp;
        const QString dir = tmp.path() + QStringLiteral("/card.json");
        QVERIFY(QDir().mkpath(dir));
        for (const char* kind : { "models", "hardware", "workloads", "hfconfig", "vllmlog", "presets", "traces" })
            for (const QString& e : loadErrors(QString::fromLatin1(kind), dir))
                KV_CHECK(missingFrom(e, { QStringLiteral("is a directory") }, dir));
        const CliResult r = runCli({ QStringLiteral("eval"), QStringLiteral("--model"), dir });
        QCOMPARE(r.status, 2);
        KV_CHECK(missingFrom(r.err, { QStringLiteral("is a directory") }, dir));
        // A directory named like a preset in the preset folder is skipped, not reported as a crash.
        QVERIFY(QDir().mkpath(tmp.path() + QStringLiteral("/presets/odd.json")));
        PresetStore store(s(tmp.path() + QStringLiteral("/presets")));
        QVERIFY(store.find("Llama 3.1 70B, 128K × 10"));
    }

    void devices_data()
    {
        QTest::addColumn<QString>("device");
        for (const char* d : { "/dev/zero", "/dev/null", "/dev/urandom" })
            if (QFileInfo::exists(QString::fromLatin1(d)))
                QTest::newRow(d) << QString::fromLatin1(d);
    }

    void devices()
    {
        QFETCH(QString, device);
        QElapsedTimer t;
        t.start();
        for (const char* kind : { "models", "hardware", "workloads", "hfconfig", "vllmlog", "presets", "traces" })
            for (const QString& e : loadErrors(QString::fromLatin1(kind), device))
                KV_CHECK(missingFrom(e, { QStringLiteral("not a regular file") }, device));
        for (const char* verb : { "--hardware", "--workload", "--model" }) {
            const CliResult r = runCli({ QStringLiteral("eval"), QStringLiteral("--model"),
                QStringLiteral("llama-3.1-8b"), QString::fromLatin1(verb), device });
            QCOMPARE(r.status, 2);
            KV_CHECK(missingFrom(r.err, { QStringLiteral("not a regular file") }, device));
        }
        const CliResult r = runCli({ QStringLiteral("preset"), QStringLiteral("import"), device });
        QCOMPARE(r.status, 2);
        KV_CHECK(missingFrom(r.err, { QStringLiteral("not a regular file") }, device));
        QVERIFY2(t.elapsed() < 5000, qPrintable(QString::number(t.elapsed())));
    }

    /// A 200 MB file (sparse: no disk used) is refused by its size without being read.
    void hugeFileRefusedQuickly()
    {
        QTemporaryDir tmp;
        const QString path = tmp.path() + QStringLiteral("/huge.json");
        {
            QFile f(path);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write("{\"id\": ");
            QVERIFY(f.resize(200ll * 1000 * 1000));
        }
        QCOMPARE(QFileInfo(path).size(), 200ll * 1000 * 1000);
        QElapsedTimer t;
        t.start();
        for (const char* kind : { "models", "hardware", "workloads", "hfconfig", "vllmlog", "presets" })
            for (const QString& e : loadErrors(QString::fromLatin1(kind), path))
                KV_CHECK(missingFrom(e, { QStringLiteral("190 MiB"), QStringLiteral("refused") }, path));
        const CliResult r = runCli({ QStringLiteral("eval"), QStringLiteral("--model"), path });
        QCOMPARE(r.status, 2);
        KV_CHECK(missingFrom(r.err, { QStringLiteral("refused") }, path));
        // In the preset folder: reported, the rest still loads.
        const QString presetDir = tmp.path() + QStringLiteral("/presets");
        QVERIFY(QDir().mkpath(presetDir));
        QVERIFY(QFile::rename(path, presetDir + QStringLiteral("/huge.json")));
        PresetStore store(s(presetDir));
        QCOMPARE(store.problems().size(), size_t(1));
        KV_CHECK(missingFrom(QString::fromStdString(store.problems()[0].reason), { QStringLiteral("refused") },
            QStringLiteral("huge.json")));
        // Reading 200 MB and parsing it would take seconds; refusing it by size takes microseconds.
        QVERIFY2(t.elapsed() < 2000, qPrintable(QString::number(t.elapsed()) + QStringLiteral(" ms")));
        QCOMPARE(QFileInfo(presetDir + QStringLiteral("/huge.json")).size(), 200ll * 1000 * 1000);
    }

    /// The size limit is exact: 16 MiB loads as far as the parser, one byte more is refused.
    void sizeLimitIsExact()
    {
        QTemporaryDir tmp;
        const QString path = tmp.path() + QStringLiteral("/big.json");
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        QByteArray text(static_cast<qsizetype>(kMaxInputFileBytes), ' ');
        text[0] = '{';
        text[text.size() - 1] = '}';
        f.write(text);
        f.close();
        QCOMPARE(errorOf([&] { readInputFile(s(path)); }), QString());
        KV_CHECK(missingFrom(errorOf([&] { loadModelCard(readInputFile(s(path)), s(path)); }),
            { QStringLiteral(".id"), QStringLiteral("missing") }, path));
        QVERIFY(f.open(QIODevice::Append));
        f.write(" ");
        f.close();
        KV_CHECK(missingFrom(errorOf([&] { readInputFile(s(path)); }), { QStringLiteral("refused") }, path));
    }
};

QTEST_GUILESS_MAIN(TestBadInput)
#include "tst_badinput.moc"

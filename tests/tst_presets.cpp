// Presets (issue 4): save → reload → load gives identical results; import/export round
// trip; a corrupt, truncated or newer-schema file is reported by name and left untouched
// while the others still load; a failed write leaves the previous store intact; the
// article's DeepSeek comparison shows −93.3% (6-bit) and −82.2% (BF16).

#include "PresetStore.h"
#include "ResultJson.h"
#include "ScenarioComparison.h"
#include "TestSupport.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QTemporaryDir>

using namespace kvtiers;
using namespace kvtiers::test;

namespace {

QByteArray fileHash(const QString& path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return QCryptographicHash::hash(f.readAll(), QCryptographicHash::Sha256);
}

void writeText(const QString& path, const QByteArray& text)
{
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(text);
}

Json evalJson(const ScenarioSpec& spec)
{
    const auto rs = resolveScenario(CardCatalog::builtin(), spec);
    return resultToJson(rs.scenario, evaluate(rs.scenario), rs.workloadId);
}

ScenarioSpec sampleSpec()
{
    ScenarioSpec spec;
    spec.workload = "mooncake";
    spec.overrides = {{"context", 32768}, {"concurrency", 48}, {"reuse_rate", 0.7}, {"kv_bits", 8},
                      {"host_dram_bytes", 1e12}, {"allocation", "paged"}, {"block_size", 32}};
    return spec;
}

} // namespace

class TestPresets : public QObject {
    Q_OBJECT
private slots:
    void builtinsAreThereAndReadOnly()
    {
        QTemporaryDir dir;
        PresetStore store(dir.path().toStdString());
        for (const char* name : {"Llama 3.1 70B, 128K × 10", "DeepSeek-V2 (MLA, ~6-bit KV)", "DeepSeek 67B (GQA, BF16)",
                                 "FlexGen: OPT-175B on one T4", "Mooncake trace on 8× A800"}) {
            const Preset* p = store.find(name);
            QVERIFY2(p, name);
            QVERIFY(p->builtin);
            resolveScenario(CardCatalog::builtin(), p->spec); // every built-in resolves
        }
        QVERIFY(!store.remove("FlexGen: OPT-175B on one T4").ok());
        QVERIFY(!store.rename("FlexGen: OPT-175B on one T4", "x").ok());
        QVERIFY(!store.save("FlexGen: OPT-175B on one T4", sampleSpec(), true).ok());
        QVERIFY(QDir(dir.path()).entryList(QDir::Files).isEmpty());
    }

    void saveRestartLoadGivesIdenticalResults()
    {
        QTemporaryDir dir;
        const ScenarioSpec spec = sampleSpec();
        const Json before = evalJson(spec);
        {
            PresetStore store(dir.path().toStdString());
            const Status s = store.save("My Mooncake variant", spec);
            QVERIFY2(s.ok(), s.error.c_str());
        }
        PresetStore reopened(dir.path().toStdString()); // a new process would do just this
        const Preset* p = reopened.find("My Mooncake variant");
        QVERIFY(p);
        QVERIFY(!p->builtin);
        QVERIFY(p->spec == spec);
        QCOMPARE(evalJson(p->spec).dump(), before.dump());
    }

    void renameDuplicateDelete()
    {
        QTemporaryDir dir;
        PresetStore store(dir.path().toStdString());
        QVERIFY(store.save("A", sampleSpec()).ok());
        QVERIFY(!store.save("A", sampleSpec()).ok()); // no silent overwrite
        QVERIFY(store.duplicate("A", "B").ok());
        QVERIFY(store.rename("B", "C").ok());
        QVERIFY(store.find("A") && store.find("C") && !store.find("B"));
        QVERIFY(!store.rename("A", "C").ok());
        QVERIFY(store.remove("A").ok());
        QVERIFY(!store.find("A"));
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files).size(), 1);
        QVERIFY(!store.save("", sampleSpec()).ok());
        QVERIFY(!store.save(std::string(81, 'x'), sampleSpec()).ok());
    }

    void importExportRoundTrip()
    {
        QTemporaryDir a, b, out;
        PresetStore first(a.path().toStdString());
        QVERIFY(first.save("Shared scenario", sampleSpec()).ok());
        const std::string exported = out.filePath(QStringLiteral("shared.json")).toStdString();
        QVERIFY(first.exportFile("Shared scenario", exported).ok());
        PresetStore colleague(b.path().toStdString());
        std::string name;
        const Status s = colleague.importFile(exported, &name);
        QVERIFY2(s.ok(), s.error.c_str());
        QCOMPARE(name, std::string("Shared scenario"));
        QCOMPARE(evalJson(colleague.find(name)->spec).dump(), evalJson(sampleSpec()).dump());
        QVERIFY(!colleague.importFile(exported).ok()); // same name twice: refused
        // Built-ins export too.
        QVERIFY(first.exportFile("FlexGen: OPT-175B on one T4", out.filePath(QStringLiteral("f.json")).toStdString()).ok());
    }

    void corruptFilesAreReportedAndLeftUntouched_data()
    {
        QTest::addColumn<QByteArray>("content");
        QTest::addColumn<QString>("expect");
        QTest::newRow("truncated") << QByteArray("{\"schema\": \"kvtiers-preset\", \"schema_version\": 1, \"name\": \"T")
                                   << QStringLiteral("ends too early");
        QTest::newRow("garbage") << QByteArray("not json at all") << QStringLiteral("not valid JSON");
        QTest::newRow("empty") << QByteArray() << QStringLiteral("empty");
        QTest::newRow("newer schema")
            << QByteArray("{\"schema\": \"kvtiers-preset\", \"schema_version\": 7, \"name\": \"Future\", \"scenario\": {}}")
            << QStringLiteral("newer kvtiers");
        QTest::newRow("wrong type") << QByteArray("{\"schema\": \"kvtiers-preset\", \"schema_version\": 1, \"name\": 5, \"scenario\": {}}")
                                    << QStringLiteral("name");
        QTest::newRow("unknown override")
            << QByteArray("{\"schema\": \"kvtiers-preset\", \"schema_version\": 1, \"name\": \"U\", \"scenario\": {\"overrides\": {\"contxt\": 5}}}")
            << QStringLiteral("contxt");
        QTest::newRow("duplicate key")
            << QByteArray("{\"schema\": \"kvtiers-preset\", \"schema_version\": 1, \"name\": \"D\", \"name\": \"E\", \"scenario\": {}}")
            << QStringLiteral("duplicate key");
    }

    void corruptFilesAreReportedAndLeftUntouched()
    {
        QFETCH(QByteArray, content);
        QFETCH(QString, expect);
        QTemporaryDir dir;
        {
            PresetStore store(dir.path().toStdString());
            QVERIFY(store.save("Good one", sampleSpec()).ok());
        }
        const QString bad = dir.filePath(QStringLiteral("bad.json"));
        writeText(bad, content);
        const QByteArray hash = fileHash(bad);
        PresetStore store(dir.path().toStdString());
        QVERIFY(store.find("Good one")); // the others still load
        QCOMPARE(store.problems().size(), size_t(1));
        const QString reason = QString::fromStdString(store.problems().front().reason);
        QVERIFY2(reason.contains(QStringLiteral("bad.json")), qPrintable(reason));
        QVERIFY2(reason.contains(expect), qPrintable(reason));
        // Saving, renaming and deleting other presets never touches the unreadable file.
        QVERIFY(store.save("Another", sampleSpec()).ok());
        QVERIFY(store.rename("Another", "Bad").ok()); // its slug would be bad.json: it takes bad-2.json
        QVERIFY(store.remove("Good one").ok());
        QVERIFY(QFile::exists(bad));
        QCOMPARE(fileHash(bad), hash);
    }

    void failedWriteLeavesThePreviousStoreIntact()
    {
        QTemporaryDir dir;
        PresetStore store(dir.path().toStdString());
        QVERIFY(store.save("Kept", sampleSpec()).ok());
        const QString kept = QString::fromStdString(store.find("Kept")->file);
        const QByteArray hash = fileHash(kept);
        // A read-only folder: QSaveFile cannot create its temporary file, so the write
        // fails before anything is replaced (as it would on a full disk at commit()).
        QFile::setPermissions(dir.path(), QFileDevice::ReadOwner | QFileDevice::ExeOwner);
        if (QFileInfo(dir.path()).isWritable())
            QSKIP("running as a user who can write to read-only folders (root): permission test not meaningful");
        ScenarioSpec changed = sampleSpec();
        changed.overrides["concurrency"] = 1;
        const Status s = store.save("Kept", changed, true);
        QVERIFY(!s.ok());
        QVERIFY2(QString::fromStdString(s.error).contains(QStringLiteral("unchanged")) ||
                 QString::fromStdString(s.error).contains(QStringLiteral("cannot be written")), s.error.c_str());
        QVERIFY(!store.save("New", sampleSpec()).ok());
        QFile::setPermissions(dir.path(), QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner);
        QCOMPARE(fileHash(kept), hash);
        PresetStore reopened(dir.path().toStdString());
        QVERIFY(reopened.find("Kept")->spec == sampleSpec());
    }

    void writeFailingHalfWayLeavesThePreviousFile()
    {
        QTemporaryDir dir;
        PresetStore store(dir.path().toStdString());
        QVERIFY(store.save("Kept", sampleSpec()).ok());
        const QString kept = QString::fromStdString(store.find("Kept")->file);
        const QByteArray hash = fileHash(kept);
        ScenarioSpec changed = sampleSpec();
        changed.overrides["concurrency"] = 1;
        PresetStore::failNextWriteHalfWayForTesting();
        const Status s = store.save("Kept", changed, true);
        QVERIFY(!s.ok());
        QVERIFY2(QString::fromStdString(s.error).contains(QStringLiteral("unchanged")), s.error.c_str());
        QCOMPARE(fileHash(kept), hash);
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden).size(), 1); // no temporary left behind
        PresetStore reopened(dir.path().toStdString());
        QVERIFY(reopened.problems().empty());
        QVERIFY(reopened.find("Kept")->spec == sampleSpec());
        // Renaming writes the new file first: a failure there loses nothing either.
        PresetStore::failNextWriteHalfWayForTesting();
        QVERIFY(!reopened.rename("Kept", "Renamed").ok());
        QCOMPARE(fileHash(kept), hash);
        QVERIFY(reopened.find("Kept") && !reopened.find("Renamed"));
    }

    void unwritableFolderIsReported()
    {
        // As root (CI) permissions do not stop writes; a folder path that is a file does.
        QTemporaryDir dir;
        const QString notAFolder = dir.filePath(QStringLiteral("file"));
        writeText(notAFolder, "x");
        PresetStore store(notAFolder.toStdString());
        const Status s = store.save("Anything", sampleSpec());
        QVERIFY(!s.ok());
        QVERIFY2(QString::fromStdString(s.error).contains(QStringLiteral("folder")), s.error.c_str());
        QCOMPARE(fileHash(notAFolder), QCryptographicHash::hash("x", QCryptographicHash::Sha256));
    }

    void interruptedWriteLeavesNoHalfFile()
    {
        // QSaveFile writes to a temporary file and renames on commit(): an interrupted
        // save leaves the old file whole. Simulate the crash by abandoning the write.
        QTemporaryDir dir;
        PresetStore store(dir.path().toStdString());
        QVERIFY(store.save("Kept", sampleSpec()).ok());
        const QString kept = QString::fromStdString(store.find("Kept")->file);
        const QByteArray hash = fileHash(kept);
        {
            QSaveFile f(kept);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write("{\"schema\": \"kvtiers-pre"); // half written, then the process "dies"
            // no commit(): the destructor discards the temporary file
        }
        QCOMPARE(fileHash(kept), hash);
        PresetStore reopened(dir.path().toStdString());
        QVERIFY(reopened.problems().empty());
        QVERIFY(reopened.find("Kept"));
    }

    void deepseekComparisonShowsTheArticlesFigure()
    {
        QTemporaryDir dir;
        PresetStore store(dir.path().toStdString());
        auto compare = [&](const std::string& comparisonName) {
            const auto& cs = store.comparisons();
            const auto c = std::find_if(cs.begin(), cs.end(), [&](const Comparison& x) { return x.name == comparisonName; });
            if (c == cs.end())
                qFatal("comparison missing");
            std::vector<Scenario> scenarios;
            for (const auto& n : c->presetNames)
                scenarios.push_back(resolveScenario(CardCatalog::builtin(), store.find(n)->spec).scenario);
            return compareScenarios(c->presetNames, scenarios);
        };
        const auto sixBit = compare("DeepSeek-V2 (MLA, ~6-bit KV) vs DeepSeek 67B (GQA, BF16)");
        // DeepSeek-V2 paper: "reduces the KV cache by 93.3%"; 1 − 25,920 / 389,120.
        QCOMPARE(sixBit.figure("kv_bytes_per_token")->values[0], 389120.0);
        QCOMPARE(sixBit.figure("kv_bytes_per_token")->values[1], 25920.0);
        QCOMPARE(qRound(sixBit.figure("kv_bytes_per_token")->relative[1] * 1000), -933);
        const auto bf16 = compare("DeepSeek-V2 (MLA, BF16 KV) vs DeepSeek 67B (GQA, BF16)");
        QCOMPARE(bf16.figure("kv_bytes_per_token")->values[1], 69120.0);
        QCOMPARE(qRound(bf16.figure("kv_bytes_per_token")->relative[1] * 1000), -822);
        const std::string csv = comparisonCsv(bf16);
        QVERIFY(csv.starts_with("figure,unit,"));
        QVERIFY(csv.find("kv_bytes_per_token,bytes,389120,69120,-0.822") != std::string::npos);
    }
};

QTEST_APPLESS_MAIN(TestPresets)
#include "tst_presets.moc"

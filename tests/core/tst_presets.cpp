// Presets: save → reload → load gives identical results; import/export round
// trip; a corrupt, truncated or newer-schema file is reported by name and left untouched
// while the others still load; a failed write leaves the previous store intact; the
// article's DeepSeek comparison shows −93.3% (6-bit) and −82.2% (BF16). Every failure
// carries its code and the figures its English message quotes, and the English
// message is the one the CLI has always printed.

#include "core/analysis/Outlook.h"
#include "core/analysis/ScenarioComparison.h"
#include "core/catalog/PresetStore.h"
#include "core/report/ComparisonReport.h"
#include "core/report/OutlookReport.h"
#include "core/report/ResultJson.h"
#include "tests/support/TestSupport.h"

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

/// What reading a preset file throws, as PresetStore reads it.
InputError readError(const std::string& path)
{
    try {
        PresetStore::fromJson(parseStrictJson(readInputFile(path), path), path);
    } catch (const InputError& e) {
        return e;
    }
    qFatal("%s: read without an error", path.c_str());
}

/// What resolving a preset file's scenario throws, as importFile resolves it.
InputError resolveError(const std::string& path)
{
    const Preset p = PresetStore::fromJson(parseStrictJson(readInputFile(path), path), path);
    try {
        resolveScenario(CardCatalog::builtin(), p.spec);
    } catch (const InputError& e) {
        return e;
    }
    qFatal("%s: resolved without an error", path.c_str());
}

/// The carried InputErrorDetail is the thrown one, field for field.
bool sameDetail(const InputErrorDetail& a, const InputErrorDetail& b)
{
    return a.code == b.code && a.where == b.where && a.value == b.value && a.min == b.min && a.max == b.max
        && a.detail == b.detail && a.line == b.line && a.column == b.column;
}

/// The failure's English text, code and quoted figures are all `expected`'s.
void checkFailure(const Status& s, const std::string& english, const PresetErrorDetail& expected)
{
    QVERIFY(!s.ok());
    QCOMPARE(s.error, english);
    QCOMPARE(static_cast<int>(s.detail.code), static_cast<int>(expected.code));
    QCOMPARE(s.detail.name, expected.name);
    QCOMPARE(s.detail.file, expected.file);
    QCOMPARE(s.detail.reason, expected.reason);
    QCOMPARE(s.detail.where, expected.where);
    QCOMPARE(static_cast<int>(s.detail.nameProblem), static_cast<int>(expected.nameProblem));
    QCOMPARE(s.detail.limit, expected.limit);
    QVERIFY(sameDetail(s.detail.input, expected.input));
}

ScenarioSpec sampleSpec()
{
    ScenarioSpec spec;
    spec.workload = "mooncake";
    spec.overrides = { { "context", 32768 }, { "concurrency", 48 }, { "reuse_rate", 0.7 }, { "kv_bits", 8 },
        { "host_dram_bytes", 1e12 }, { "allocation", "paged" }, { "block_size", 32 } };
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
        for (const char* name : { "Llama 3.1 70B, 128K × 10", "DeepSeek-V2 (MLA, ~6-bit KV)",
                 "DeepSeek 67B (GQA, BF16)", "FlexGen: OPT-175B on one T4", "Mooncake trace on 8× A800" }) {
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
        QVERIFY(
            first.exportFile("FlexGen: OPT-175B on one T4", out.filePath(QStringLiteral("f.json")).toStdString()).ok());
    }

    void corruptFilesAreReportedAndLeftUntouched_data()
    {
        QTest::addColumn<QByteArray>("content");
        QTest::addColumn<QString>("expect");
        QTest::newRow("truncated") << QByteArray(
            "{\"schema\": \"kvtiers-preset\", \"schema_version\": 1, \"name\": \"T")
                                   << QStringLiteral("ends too early");
        QTest::newRow("garbage") << QByteArray("not json at all") << QStringLiteral("not valid JSON");
        QTest::newRow("empty") << QByteArray() << QStringLiteral("empty");
        QTest::newRow("newer schema") << QByteArray(
            "{\"schema\": \"kvtiers-preset\", \"schema_version\": 7, \"name\": \"Future\", \"scenario\": {}}")
                                      << QStringLiteral("newer kvtiers");
        QTest::newRow("wrong type") << QByteArray(
            "{\"schema\": \"kvtiers-preset\", \"schema_version\": 1, \"name\": 5, \"scenario\": {}}")
                                    << QStringLiteral("name");
        QTest::newRow("unknown override") << QByteArray(
            "{\"schema\": \"kvtiers-preset\", \"schema_version\": 1, \"name\": \"U\", \"scenario\": {\"overrides\": "
            "{\"contxt\": 5}}}") << QStringLiteral("contxt");
        QTest::newRow("duplicate key") << QByteArray("{\"schema\": \"kvtiers-preset\", \"schema_version\": 1, "
                                                     "\"name\": \"D\", \"name\": \"E\", \"scenario\": {}}")
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
        QVERIFY2(QString::fromStdString(s.error).contains(QStringLiteral("unchanged"))
                || QString::fromStdString(s.error).contains(QStringLiteral("cannot be written")),
            s.error.c_str());
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

    void nameRulesHaveCodesAndFigures()
    {
        checkFailure(checkPresetName(""), "a preset needs a name", { .code = PresetError::NameEmpty });
        checkFailure(checkPresetName(" \t "), "a preset needs a name", { .code = PresetError::NameEmpty });
        checkFailure(checkPresetName(std::string(81, 'x')), "a preset name has at most 80 characters",
            { .code = PresetError::NameTooLong, .limit = 80 });
        checkFailure(checkPresetName("tab\there"), "a preset name cannot contain control characters",
            { .code = PresetError::NameHasControlCharacters });
        checkFailure(checkPresetName("del\x7f"), "a preset name cannot contain control characters",
            { .code = PresetError::NameHasControlCharacters });
        QVERIFY(checkPresetName(std::string(80, 'x')).ok());
        QVERIFY(checkPresetName("Llama 3.1 70B, 128K × 10").ok());
        // presetNameProblem is the same English sentence.
        QCOMPARE(presetNameProblem("").value_or(""), std::string("a preset needs a name"));
        QCOMPARE(presetNameProblem(std::string(81, 'x')).value_or(""),
            std::string("a preset name has at most 80 characters"));
        QVERIFY(!presetNameProblem("fine"));

        // Every operation that takes a new name reports the rule it breaks.
        QTemporaryDir dir;
        PresetStore store(dir.path().toStdString());
        QVERIFY(store.save("A", sampleSpec()).ok());
        checkFailure(store.save("", sampleSpec()), "a preset needs a name", { .code = PresetError::NameEmpty });
        checkFailure(store.rename("A", std::string(81, 'y')), "a preset name has at most 80 characters",
            { .code = PresetError::NameTooLong, .limit = 80 });
        checkFailure(store.duplicate("A", "new\nline"), "a preset name cannot contain control characters",
            { .code = PresetError::NameHasControlCharacters });
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files).size(), 1);
    }

    void operationFailuresHaveCodesAndFigures()
    {
        QTemporaryDir dir;
        PresetStore store(dir.path().toStdString());
        const std::string builtin = "FlexGen: OPT-175B on one T4";
        QVERIFY(store.save("A", sampleSpec()).ok());
        QVERIFY(store.save("C", sampleSpec()).ok());

        checkFailure(store.save("A", sampleSpec()), "a preset called \"A\" exists already",
            { .code = PresetError::NameExists, .name = "A" });
        checkFailure(store.rename("A", "C"), "a preset called \"C\" exists already",
            { .code = PresetError::NameExists, .name = "C" });
        checkFailure(store.duplicate("A", "C"), "a preset called \"C\" exists already",
            { .code = PresetError::NameExists, .name = "C" });

        const std::string readOnly = "\"" + builtin + "\" is a built-in preset and cannot ";
        checkFailure(store.save(builtin, sampleSpec(), true), readOnly + "be changed; save under another name",
            { .code = PresetError::BuiltinCannotBeChanged, .name = builtin });
        checkFailure(store.duplicate("A", builtin), readOnly + "be changed; save under another name",
            { .code = PresetError::BuiltinCannotBeChanged, .name = builtin });
        checkFailure(store.rename(builtin, "Mine"), readOnly + "be renamed",
            { .code = PresetError::BuiltinCannotBeRenamed, .name = builtin });
        checkFailure(store.remove(builtin), readOnly + "be deleted",
            { .code = PresetError::BuiltinCannotBeDeleted, .name = builtin });

        const PresetErrorDetail noSuch { .code = PresetError::NoSuchPreset, .name = "Nope" };
        checkFailure(store.rename("Nope", "Other"), "no preset called \"Nope\"", noSuch);
        checkFailure(store.duplicate("Nope", "Other"), "no preset called \"Nope\"", noSuch);
        checkFailure(store.remove("Nope"), "no preset called \"Nope\"", noSuch);
        checkFailure(store.exportFile("Nope", dir.filePath(QStringLiteral("out.json")).toStdString()),
            "no preset called \"Nope\"", noSuch);

        // A preset file removed behind the store's back: renaming writes the copy, cannot
        // remove the original, and takes the copy back; deleting cannot delete it.
        const std::string fileA = store.find("A")->file;
        QVERIFY(QFile::remove(QString::fromStdString(fileA)));
        checkFailure(store.rename("A", "B"),
            fileA + ": could not be removed after writing the renamed copy; nothing changed",
            { .code = PresetError::RenamedCopyNotRemoved, .file = fileA });
        QVERIFY(!QFile::exists(dir.filePath(QStringLiteral("b.json"))));
        checkFailure(
            store.remove("A"), fileA + ": could not be deleted", { .code = PresetError::DeleteFailed, .file = fileA });
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files), QStringList { QStringLiteral("c.json") });
    }

    void writeFailuresHaveCodesAndFigures()
    {
        QTemporaryDir dir;
        // The folder is a file.
        const QString notAFolder = dir.filePath(QStringLiteral("file"));
        writeText(notAFolder, "x");
        PresetStore blocked(notAFolder.toStdString());
        checkFailure(blocked.save("Anything", sampleSpec()), "cannot create the folder " + notAFolder.toStdString(),
            { .code = PresetError::CannotCreateFolder, .file = notAFolder.toStdString() });

        // Exporting onto a folder: the file cannot be opened for writing; the system's words are quoted.
        PresetStore store(dir.filePath(QStringLiteral("store")).toStdString());
        QVERIFY(store.save("Kept", sampleSpec()).ok());
        const QString folder = dir.filePath(QStringLiteral("a-folder"));
        QVERIFY(QDir().mkpath(folder));
        const Status s = store.exportFile("Kept", folder.toStdString());
        QVERIFY(!s.ok());
        QVERIFY(!s.detail.reason.empty());
        checkFailure(s, folder.toStdString() + ": cannot be written: " + s.detail.reason,
            { .code = PresetError::CannotOpenForWriting, .file = folder.toStdString(), .reason = s.detail.reason });

        // A write that stops half way.
        const std::string kept = store.find("Kept")->file;
        PresetStore::failNextWriteHalfWayForTesting();
        checkFailure(store.save("Kept", sampleSpec(), true),
            kept + ": writing failed half way (simulated); the previous file, if any, is unchanged",
            { .code = PresetError::WriteFailedHalfWay, .file = kept });
    }

    void fileFailuresCarryTheInputError()
    {
        QTemporaryDir sent;
        PresetStore store(sent.filePath(QStringLiteral("store")).toStdString());
        auto file = [&](const char* name, const QByteArray& text) {
            const QString path = sent.filePath(QString::fromLatin1(name));
            writeText(path, text);
            return path.toStdString();
        };

        // Unreadable JSON: the InputError's message is the whole text, its detail carried unchanged.
        const std::string truncated
            = file("truncated.json", "{\"schema\": \"kvtiers-preset\", \"schema_version\": 1, \"na");
        const InputError parse = readError(truncated);
        QCOMPARE(static_cast<int>(parse.detail().code), static_cast<int>(InputErrorCode::JsonTruncated));
        checkFailure(store.importFile(truncated), parse.what(),
            { .code = PresetError::FileInvalid, .file = truncated, .input = parse.detail() });
        const std::string newer = file(
            "newer.json", "{\"schema\": \"kvtiers-preset\", \"schema_version\": 7, \"name\": \"x\", \"scenario\": {}}");
        const InputError schema = readError(newer);
        QCOMPARE(static_cast<int>(schema.detail().code), static_cast<int>(InputErrorCode::NewerPresetSchema));
        checkFailure(store.importFile(newer), schema.what(),
            { .code = PresetError::FileInvalid, .file = newer, .input = schema.detail() });
        const std::string missing = sent.filePath(QStringLiteral("missing.json")).toStdString();
        checkFailure(store.importFile(missing), readError(missing).what(),
            { .code = PresetError::FileInvalid, .file = missing, .input = readError(missing).detail() });

        // A name that breaks a rule: the field's path and the rule.
        const std::string unnamed = file("unnamed.json",
            "{\"schema\": \"kvtiers-preset\", \"schema_version\": 1, \"name\": \" \", \"scenario\": {}}");
        QCOMPARE(std::string(readError(unnamed).what()), unnamed + ".name: a preset needs a name");
        checkFailure(store.importFile(unnamed), unnamed + ".name: a preset needs a name",
            { .code = PresetError::FileNameInvalid,
                .file = unnamed,
                .where = unnamed + ".name",
                .nameProblem = PresetError::NameEmpty });
        const std::string longName = file("long.json",
            "{\"schema\": \"kvtiers-preset\", \"schema_version\": 1, \"name\": \"" + QByteArray(81, 'n')
                + "\", \"scenario\": {}}");
        checkFailure(store.importFile(longName), longName + ".name: a preset name has at most 80 characters",
            { .code = PresetError::FileNameInvalid,
                .file = longName,
                .where = longName + ".name",
                .nameProblem = PresetError::NameTooLong,
                .limit = 80 });

        // A scenario that does not resolve: the resolver's InputError, prefixed with the file.
        const std::string tp = file("tp.json",
            "{\"schema\": \"kvtiers-preset\", \"schema_version\": 1, \"name\": \"tp three\", "
            "\"scenario\": {\"workload\": \"article\", \"overrides\": {\"tp\": 3}}}");
        const InputError resolve = resolveError(tp);
        QVERIFY(resolve.detail().code != InputErrorCode::Uncoded);
        checkFailure(store.importFile(tp), tp + ": scenario: " + resolve.what(),
            { .code = PresetError::ScenarioInvalid, .file = tp, .input = resolve.detail() });

        // A name the store has.
        QVERIFY(store.save("Shared", sampleSpec()).ok());
        const std::string shared = sent.filePath(QStringLiteral("shared.json")).toStdString();
        QVERIFY(store.exportFile("Shared", shared).ok());
        checkFailure(store.importFile(shared), "a preset called \"Shared\" exists already; rename it first",
            { .code = PresetError::ImportNameExists, .name = "Shared" });
    }

    void skippedFilesCarryTheirCode()
    {
        QTemporaryDir dir;
        {
            PresetStore store(dir.path().toStdString());
            QVERIFY(store.save("Twin", sampleSpec()).ok()); // twin.json
        }
        const std::string builtin = "FlexGen: OPT-175B on one T4";
        const std::string clash = dir.filePath(QStringLiteral("a-clash.json")).toStdString();
        auto presetText = [](const std::string& name) {
            Preset p;
            p.name = name;
            p.spec = sampleSpec();
            return QByteArray::fromStdString(PresetStore::toJson(p).dump());
        };
        writeText(QString::fromStdString(clash), presetText(builtin));
        const std::string twin = dir.filePath(QStringLiteral("z-twin.json")).toStdString(); // read after twin.json
        writeText(QString::fromStdString(twin), presetText("Twin"));
        const std::string truncated = dir.filePath(QStringLiteral("b-truncated.json")).toStdString();
        writeText(QString::fromStdString(truncated), "{\"schema\": \"kvtiers-preset\"");
        const std::string unnamed = dir.filePath(QStringLiteral("c-unnamed.json")).toStdString();
        writeText(QString::fromStdString(unnamed),
            "{\"schema\": \"kvtiers-preset\", \"schema_version\": 1, \"name\": \"\", \"scenario\": {}}");

        const PresetStore store(dir.path().toStdString());
        QVERIFY(store.find("Twin"));
        const auto& problems = store.problems();
        QCOMPARE(problems.size(), size_t(4));
        auto check = [](const PresetProblem& p, const std::string& file, const std::string& english,
                         const PresetErrorDetail& expected) {
            QCOMPARE(p.file, file);
            checkFailure(Status { p.reason, p.detail }, english, expected);
        };
        check(problems[0], clash, clash + ": another preset is already called \"" + builtin + "\"",
            { .code = PresetError::FileNameClash, .name = builtin, .file = clash });
        const InputError parse = readError(truncated);
        check(problems[1], truncated, parse.what(),
            { .code = PresetError::FileInvalid, .file = truncated, .input = parse.detail() });
        check(problems[2], unnamed, unnamed + ".name: a preset needs a name",
            { .code = PresetError::FileNameInvalid,
                .file = unnamed,
                .where = unnamed + ".name",
                .nameProblem = PresetError::NameEmpty });
        check(problems[3], twin, twin + ": another preset is already called \"Twin\"",
            { .code = PresetError::FileNameClash, .name = "Twin", .file = twin });
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
            const auto c
                = std::find_if(cs.begin(), cs.end(), [&](const Comparison& x) { return x.name == comparisonName; });
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

    // ---- Saved outlooks.

    /// An edited outlook saved, then read back by a new store, gives the same card byte for
    /// byte and the same computed outlook (its JSON identical); the scenario presets beside
    /// it still load; a second save under the name is refused and the file kept as it was.
    void outlookPresetRoundTrip()
    {
        QTemporaryDir dir;
        PresetStore store(dir.path().toStdString());
        QVERIFY(store.save("my scenario", ScenarioSpec { "llama-3.1-70b", "h200-sxm", "chat", Json::object() }).ok());
        OutlookCard card = CardCatalog::builtin().resolveOutlook("efficiency");
        card.years[1].tokensPerDay = 5.5e14; // an edited driver
        for (auto& e : card.years[2].mix)    // chat 45% → 40%, code completion 25% → 30%
            e.share = e.workload == "chat" ? 0.40 : e.workload == "code-completion" ? 0.30 : e.share;
        const Status saved = store.saveOutlook("my outlook", card, false, "edited 2027 tokens");
        QVERIFY2(saved.ok(), saved.error.c_str());
        PresetStore again(dir.path().toStdString());
        QVERIFY(again.problems().empty());
        QCOMPARE(again.presets().back().name, std::string("my scenario"));
        QCOMPARE(again.outlookPresets().size(), size_t(1));
        const OutlookPreset* loaded = again.findOutlook("my outlook");
        QVERIFY(loaded);
        QCOMPARE(loaded->notes, std::string("edited 2027 tokens"));
        QCOMPARE(outlookCardToJson(loaded->outlook).dump(2), outlookCardToJson(card).dump(2));
        const OutlookResult before = computeOutlook(CardCatalog::builtin(), card);
        const OutlookResult after = computeOutlook(CardCatalog::builtin(), loaded->outlook);
        QCOMPARE(outlookToJson(after).dump(2), outlookToJson(before).dump(2));
        QCOMPARE(after.years[1].tokensPerDay, 5.5e14);

        const QByteArray hash = fileHash(QString::fromStdString(loaded->file));
        const Status twice = again.saveOutlook("my outlook", CardCatalog::builtin().resolveOutlook("steady"));
        QCOMPARE(twice.detail.code, PresetError::NameExists);
        QCOMPARE(fileHash(QString::fromStdString(loaded->file)), hash);
        // A scenario preset and a saved outlook may share a name; neither file replaces the other.
        QVERIFY(again.saveOutlook("my scenario", card).ok());
        QCOMPARE(QDir(dir.path()).entryList({ "*.json" }).size(), 3);
        QVERIFY(again.find("my scenario") && again.findOutlook("my scenario"));
        QVERIFY(again.removeOutlook("my scenario").ok());
        QVERIFY(again.find("my scenario"));
    }

    /// A saved outlook whose card is malformed is skipped with a message naming the file, the
    /// year and the field; the other files still load and the bad one is left as it was.
    void malformedOutlookPresetIsNamedAndKept()
    {
        QTemporaryDir dir;
        PresetStore store(dir.path().toStdString());
        QVERIFY(store.saveOutlook("good", CardCatalog::builtin().resolveOutlook("steady")).ok());
        Json bad = PresetStore::outlookPresetToJson({ "bad", CardCatalog::builtin().resolveOutlook("steady"), {}, {} });
        bad["outlook"]["years"][1]["mix"]["chat"] = 0.9;
        const QString path = dir.filePath("bad.json");
        writeText(path, QByteArray::fromStdString(bad.dump(2)));
        const QByteArray hash = fileHash(path);
        store.reload();
        QCOMPARE(store.outlookPresets().size(), size_t(1));
        QCOMPARE(store.problems().size(), size_t(1));
        const std::string reason = store.problems().front().reason;
        QVERIFY2(
            reason.find(path.toStdString() + ".outlook: years[1] (2027).mix: the shares sum to") != std::string::npos,
            reason.c_str());
        QCOMPARE(fileHash(path), hash);
        // Import says the same, and adds nothing.
        const Status imported = store.importFile(path.toStdString());
        QVERIFY(!imported.ok());
        QVERIFY2(imported.error.find("years[1] (2027).mix") != std::string::npos, imported.error.c_str());
        QCOMPARE(store.outlookPresets().size(), size_t(1));
    }
};

QTEST_APPLESS_MAIN(TestPresets)
#include "tst_presets.moc"

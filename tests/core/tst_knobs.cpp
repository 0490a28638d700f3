// The knob table (core/scenario/Knobs.h) is the one place a knob is declared: every id
// has one entry, keys and flags are unique, the CLI help lists every flag, the override
// keys are the table's, and a value typed for a knob is read the knob's way and refused
// outside its range with the flag named.

#include "core/catalog/ScenarioSpec.h"
#include "core/io/InputError.h"
#include "core/scenario/Knobs.h"
#include "core/scenario/Workload.h"

#include <QtTest>

#include <set>
#include <string>

using namespace kvtiers;

class TestKnobs : public QObject {
    Q_OBJECT

private slots:
    void everyIdHasOneEntry()
    {
        std::set<KnobId> ids;
        std::set<std::string> keys;
        std::set<std::string> flags;
        for (const Knob& k : knobs()) {
            QVERIFY2(ids.insert(k.id).second, k.key);
            QVERIFY2(keys.insert(k.key).second, k.key);
            if (k.flag)
                QVERIFY2(flags.insert(k.flag).second, k.flag);
            QVERIFY2(k.label && *k.label, k.key);
            QVERIFY2(k.min <= k.max, k.key);
            QCOMPARE(&knob(k.id), &k);
            QCOMPARE(findKnob(k.key), &k);
            if (k.flag)
                QCOMPARE(findKnobByFlag(k.flag), &k);
        }
        QCOMPARE(ids.size(), static_cast<size_t>(KnobId::Dcp) + 1);
        QCOMPARE(findKnob("no_such_knob"), nullptr);
        QCOMPARE(findKnobByFlag("--no-such-flag"), nullptr);
    }

    void overrideKeysAreTheTable()
    {
        std::set<std::string> table; // a fleet knob is no scenario's override
        for (const Knob& k : knobs())
            if (k.scope != KnobScope::Fleet)
                table.insert(k.key);
        const std::set<std::string> keys(overrideKeys().begin(), overrideKeys().end());
        QCOMPARE(keys, table);
    }

    void helpListsEveryFlag()
    {
        const std::string help = knobHelp();
        for (const Knob& k : knobs()) {
            if (!k.flag)
                continue;
            QVERIFY2(help.find(std::string("  ") + k.flag + (k.valueName ? " " : "")) != std::string::npos, k.flag);
            QVERIFY2(
                help.find(k.help) != std::string::npos || std::string(k.help).find('\n') != std::string::npos, k.flag);
        }
    }

    void typedValuesAreReadTheKnobsWay_data()
    {
        QTest::addColumn<QString>("key");
        QTest::addColumn<QString>("text");
        QTest::addColumn<double>("expected");
        QTest::newRow("context 128k") << "context"
                                      << "128k" << 131072.0;
        QTest::newRow("reuse 50%") << "reuse_rate"
                                   << "50%" << 0.5;
        QTest::newRow("reuse 0.3") << "reuse_rate"
                                   << "0.3" << 0.3;
        QTest::newRow("kv fp8") << "kv_bits"
                                << "fp8" << 8.0;
        QTest::newRow("kv 6bit") << "kv_bits"
                                 << "6bit" << 6.0;
        QTest::newRow("dram 2TiB") << "host_dram_bytes"
                                   << "2TiB" << 2199023255552.0;
        QTest::newRow("nvme 30.72TB") << "nvme_bytes"
                                      << "30.72TB" << 30.72e12;
        QTest::newRow("tp 8") << "tp"
                              << "8" << 8.0;
        QTest::newRow("distance 30") << "reuse_distance_s"
                                     << "30" << 30.0;
        // The host link is a rate: a size per second, the "/s" optional.
        QTest::newRow("host link 55GB/s") << "host_link_bytes_per_s"
                                          << "55GB/s" << 55e9;
        QTest::newRow("host link 5.5e10") << "host_link_bytes_per_s"
                                          << "5.5e10" << 55e9;
        QTest::newRow("prefill MFU 57.6%") << "prefill_mfu"
                                           << "57.6%" << 0.576;
    }

    void rangesAreWordedInTheKnobsUnit()
    {
        // A rate's range in bytes per second; a share below its floor is "not between", and
        // only the HBM share speaks of leaving the engine no HBM.
        auto message = [](const char* key, const char* text) {
            try {
                parseKnobValue(*findKnob(key), text, "field");
            } catch (const InputError& e) {
                return std::string(e.what());
            }
            return std::string("accepted");
        };
        QCOMPARE(message("host_link_bytes_per_s", "1kB/s"),
            std::string("field: \"1kB/s\" is not between 1 MB/s and 1 PB/s"));
        QCOMPARE(message("prefill_mfu", "0.1%"), std::string("field: \"0.1%\" is not between 0.01 and 1"));
        QVERIFY(message("gpu_memory_utilization", "0").find("leaves the engine no HBM") != std::string::npos);
    }

    void typedValuesAreReadTheKnobsWay()
    {
        QFETCH(QString, key);
        QFETCH(QString, text);
        QFETCH(double, expected);
        const Knob* k = findKnob(key.toStdString());
        QVERIFY(k);
        const Json v = parseKnobValue(*k, text.toStdString(), k->flag);
        QCOMPARE(v.get<double>(), expected);
    }

    void outOfRangeNamesTheFlag_data()
    {
        QTest::addColumn<QString>("key");
        QTest::addColumn<QString>("text");
        QTest::newRow("context 0") << "context"
                                   << "0";
        QTest::newRow("concurrency 0") << "concurrency"
                                       << "0";
        QTest::newRow("tp 2.5") << "tp"
                                << "2.5";
        QTest::newRow("reuse 150%") << "reuse_rate"
                                    << "150%";
        QTest::newRow("gpu util 0") << "gpu_memory_utilization"
                                    << "0";
        QTest::newRow("allocation x") << "allocation"
                                      << "buddy";
        QTest::newRow("dram -1") << "host_dram_bytes"
                                 << "-1";
        QTest::newRow("host link 0") << "host_link_bytes_per_s"
                                     << "0GB/s";
        QTest::newRow("prefill MFU 0") << "prefill_mfu"
                                       << "0";
    }

    void outOfRangeNamesTheFlag()
    {
        QFETCH(QString, key);
        QFETCH(QString, text);
        const Knob* k = findKnob(key.toStdString());
        QVERIFY(k && k->flag);
        try {
            parseKnobValue(*k, text.toStdString(), k->flag);
            QFAIL("accepted");
        } catch (const InputError& e) {
            QVERIFY2(std::string(e.what()).starts_with(k->flag), e.what());
        }
    }

    void everyWorkloadKnobIsACardField()
    {
        // A workload card accepts every workload-scope key of the table, and no other.
        for (const Knob& k : knobs()) {
            if (k.scope != KnobScope::Workload)
                continue;
            Json card = { { "id", "w" }, { "name", "w" },
                { "sources", Json::array({ { { "title", "t" }, { "url", "u" } } }) } };
            switch (k.value) {
            case KnobValue::Flag:
                card[k.key] = true;
                break;
            case KnobValue::Choice: // the first of its choices
                card[k.key] = std::string(k.choices).substr(0, std::string(k.choices).find('|'));
                break;
            case KnobValue::Text:
                card[k.key] = "fp8";
                break;
            case KnobValue::Shares:
                card[k.key] = { { "hbm", 1.0 } };
                break;
            case KnobValue::Table:
                card[k.key] = Json::array({ Json::array({ 1.0, 1.0 }) });
                break;
            default:
                card[k.key] = k.max;
                break;
            }
            if (k.id == KnobId::KvScaleBits)
                card["kv_bits"] = 8;
            try {
                parseWorkloadCard(card, "w.json");
            } catch (const InputError& e) {
                QFAIL(qPrintable(QString::fromStdString(std::string(k.key) + ": " + e.what())));
            }
        }
        Json bad = { { "id", "w" }, { "name", "w" },
            { "sources", Json::array({ { { "title", "t" }, { "url", "u" } } }) }, { "host_dram_bytes", 1e12 } };
        QVERIFY_THROWS_EXCEPTION(InputError, parseWorkloadCard(bad, "w.json"));
    }
};

QTEST_MAIN(TestKnobs)
#include "tst_knobs.moc"

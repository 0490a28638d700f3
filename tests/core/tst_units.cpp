// Units: parsing what users type ("128k", "50%", "6bit", "2TiB") and formatting bytes,
// tokens and counts the same way everywhere (HOUSE.md rule 7).

#include "core/cards/KvFormat.h"
#include "core/io/Csv.h"
#include "core/io/InputError.h"
#include "core/io/Units.h"
#include "tests/support/TestSupport.h"

using namespace kvtiers;
using namespace kvtiers::test;

class TestUnits : public QObject {
    Q_OBJECT
private slots:
    void tokenCounts_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<double>("tokens");
        QTest::newRow("plain") << "131072" << 131072.0;
        QTest::newRow("k") << "128k" << 131072.0; // k = 1024
        QTest::newRow("K") << "128K" << 131072.0;
        QTest::newRow("M") << "1M" << 1048576.0;
        QTest::newRow("m") << "1m" << 1048576.0;
        QTest::newRow("1.5k") << "1.5k" << 1536.0;
        QTest::newRow("spaces") << "  4k " << 4096.0;
        QTest::newRow("exponent") << "1e6" << 1e6;
        QTest::newRow("plus") << "+512" << 512.0;
        QTest::newRow("one") << "1" << 1.0;
    }
    void tokenCounts()
    {
        QFETCH(QString, text);
        QFETCH(double, tokens);
        QCOMPARE(parseTokenCount(text.toStdString(), "--context", 1, 1e12), tokens);
    }

    void badTokenCounts_data()
    {
        QTest::addColumn<QString>("text");
        for (const char* bad : { "", "k", "abc", "128kb", "12 8k", "-1", "0", "1.3", "0.1k", "nan", "inf", "1e13",
                 "0x10", "128kk", "1,000" })
            QTest::newRow(bad) << QString::fromUtf8(bad);
    }
    void badTokenCounts()
    {
        QFETCH(QString, text);
        KV_CHECK(expectInputError([&] { parseTokenCount(text.toStdString(), "--context", 1, 1e12); }, { "--context" }));
    }

    void sequenceCountsSaySequences()
    {
        // The GUI's concurrency field: same writing as tokens, messages in sequences.
        QCOMPARE(parseSequenceCount("1k", "concurrency", 1, 1e12), 1024.0);
        KV_CHECK(expectInputError([] { parseSequenceCount("2e13", "concurrency", 1, 1e12); },
            { "concurrency", "is not between 1 and 1,000,000,000,000 sequences" }));
        KV_CHECK(expectInputError(
            [] { parseSequenceCount("1.5", "concurrency", 1, 1e12); }, { "whole number of sequences" }));
        KV_CHECK(expectInputError(
            [] { parseSequenceCount("lots", "concurrency", 1, 1e12); }, { "not a number of sequences" }));
        try {
            parseSequenceCount("2e13", "concurrency", 1, 1e12);
        } catch (const InputError& e) {
            QVERIFY2(std::string(e.what()).find("tokens") == std::string::npos, e.what());
            QCOMPARE(e.detail().detail, std::string("sequences"));
        }
    }

    void fractions()
    {
        QCOMPARE(parseFraction("50%", "--reuse"), 0.5);
        QCOMPARE(parseFraction("0.5", "--reuse"), 0.5);
        QCOMPARE(parseFraction("0", "--reuse"), 0.0);
        QCOMPARE(parseFraction("1", "--reuse"), 1.0);
        QCOMPARE(parseFraction("100%", "--reuse"), 1.0);
        QCOMPARE(parseFraction("12.5%", "--reuse"), 0.125);
        for (const char* bad : { "150%", "1.5", "-0.1", "-5%", "", "%", "half", "nan", "50%%", "inf" })
            KV_CHECK(expectInputError([&] { parseFraction(bad, "--reuse"); }, { "--reuse" }));
    }

    void kvDtypes_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<double>("bits");
        QTest::newRow("fp32") << "fp32" << 32.0;
        QTest::newRow("float32") << "float32" << 32.0;
        QTest::newRow("bf16") << "bf16" << 16.0;
        QTest::newRow("bfloat16") << "bfloat16" << 16.0;
        QTest::newRow("fp16") << "fp16" << 16.0;
        QTest::newRow("float16") << "float16" << 16.0;
        QTest::newRow("half") << "half" << 16.0;
        QTest::newRow("FP16 upper") << "FP16" << 16.0;
        QTest::newRow("fp8") << "fp8" << 8.0;
        QTest::newRow("fp8_e4m3") << "fp8_e4m3" << 8.0;
        QTest::newRow("fp8_e5m2") << "fp8_e5m2" << 8.0;
        QTest::newRow("int8") << "int8" << 8.0;
        QTest::newRow("int4") << "int4" << 4.0;
        QTest::newRow("6bit") << "6bit" << 6.0;
        QTest::newRow("6bits") << "6bits" << 6.0;
        QTest::newRow("6") << "6" << 6.0;
        QTest::newRow("6.5bit") << "6.5bit" << 6.5;
        QTest::newRow("64bit") << "64bit" << 64.0;
        QTest::newRow("1bit") << "1bit" << 1.0;
    }
    void kvDtypes()
    {
        QFETCH(QString, text);
        QFETCH(double, bits);
        const KvFormat f = parseKvDtype(text.toStdString(), "--kv-dtype");
        QCOMPARE(f.bits, bits);
        QCOMPARE(f.scaleBits, 0.0);
        QCOMPARE(f.bytesPerElement(), bits / 8);
    }

    void badKvDtypes()
    {
        for (const char* bad : { "0bit", "65bit", "fp7", "-4bit", "bit", "", "int3x", "nanbit", "1e3bit" })
            KV_CHECK(expectInputError([&] { parseKvDtype(bad, "--kv-dtype"); }, { "--kv-dtype" }));
        // The message lists what is accepted.
        KV_CHECK(expectInputError([] { parseKvDtype("fp7", "--kv-dtype"); }, { "fp7", "fp8", "6bit" }));
    }

    void kvFormatNames()
    {
        QCOMPARE(KvFormat({ 16, 0 }).name(), std::string("bf16"));
        QCOMPARE(KvFormat({ 8, 0 }).name(), std::string("fp8"));
        QCOMPARE(KvFormat({ 6, 0 }).name(), std::string("6bit"));
        QCOMPARE(KvFormat({ 6.5, 0 }).name(), std::string("6.5bit"));
        QCOMPARE(KvFormat({ 8, 0.25 }).bytesPerElement(), 8.25 / 8);
        QVERIFY(QString::fromStdString(KvFormat({ 8, 0.25 }).name()).contains(QStringLiteral("0.25")));
    }

    void byteSizes()
    {
        QCOMPARE(parseByteSize("2TiB", "--dram-per-server"), 2 * TiB);
        QCOMPARE(parseByteSize("512GiB", "--dram-per-server"), 512 * GiB);
        QCOMPARE(parseByteSize("141GB", "--dram-per-server"), 141e9);
        QCOMPARE(parseByteSize("30.72TB", "--nvme-per-server"), 30.72e12);
        QCOMPARE(parseByteSize("1e12", "--dram-per-server"), 1e12);
        QCOMPARE(parseByteSize("0", "--dram-per-server"), 0.0);
        QCOMPARE(parseByteSize("4096B", "--reserve"), 4096.0);
        for (const char* bad : { "", "GiB", "-1GiB", "2XB", "1e30", "lots" })
            KV_CHECK(expectInputError([&] { parseByteSize(bad, "--reserve"); }, { "--reserve" }));
    }

    void numberOptions()
    {
        QCOMPARE(parseNumberOption("8", "--tp", 1, 65536, true), 8.0);
        KV_CHECK(expectInputError([] { parseNumberOption("8.5", "--tp", 1, 65536, true); }, { "--tp", "whole" }));
        KV_CHECK(expectInputError(
            [] { parseNumberOption("0", "--tp", 1, 65536, true); }, { "--tp", "is not between 1 and 65,536" }));
        KV_CHECK(
            expectInputError([] { parseNumberOption("eight", "--tp", 1, 65536, true); }, { "--tp", "not a number" }));
        QVERIFY(!parsePlainNumber("nan"));
        QVERIFY(!parsePlainNumber("1.5.2"));
        QVERIFY(!parsePlainNumber(std::string(100, '1')));
        QCOMPARE(*parsePlainNumber(" 2.5 "), 2.5);
    }

    void formatBytesBinary()
    {
        // Exact integer bytes below 1 KiB.
        QCOMPARE(formatBytes(0), std::string("0 B"));
        QCOMPARE(formatBytes(1), std::string("1 B"));
        QCOMPARE(formatBytes(1023), std::string("1023 B"));
        QCOMPARE(formatBytes(1024), std::string("1 KiB"));
        // The article's figures.
        QCOMPARE(formatBytes(327680), std::string("320 KiB"));
        QCOMPARE(formatBytes(40 * GiB), std::string("40 GiB"));
        QCOMPARE(formatBytes(400 * GiB), std::string("400 GiB"));
        QCOMPARE(formatBytes(1.5 * TiB), std::string("1.5 TiB"));
        QCOMPARE(formatBytes(1536 * MiB), std::string("1.5 GiB"));
        QCOMPARE(formatBytes(612 * GiB), std::string("612 GiB"));
        QCOMPARE(formatBytes(-2 * GiB), std::string("-2 GiB"));
        QCOMPARE(formatBytes(std::numeric_limits<double>::infinity()), std::string("n/a"));
        // ZiB and YiB, then scientific in YiB: a context of 1e12 tokens must not print
        // "142108547152 EiB".
        QCOMPARE(formatBytes(2048.0 * 1024 * PiB), std::string("2 ZiB"));
        QCOMPARE(formatBytes(1024.0 * 1024 * 1024 * PiB), std::string("1 YiB"));
        QCOMPARE(formatBytes(1.3e31), std::string("1.08e7 YiB"));
        QCOMPARE(formatBytes(1.3e31, ByteUnits::Decimal), std::string("1.3e7 YB"));
    }

    void formatBytesDecimal()
    {
        QCOMPARE(formatBytes(999, ByteUnits::Decimal), std::string("999 B"));
        QCOMPARE(formatBytes(1000, ByteUnits::Decimal), std::string("1 kB"));
        QCOMPARE(formatBytes(141e9, ByteUnits::Decimal), std::string("141 GB"));
        // 40 GiB in decimal: 42.9 GB (the confusion the binary default avoids).
        QCOMPARE(formatBytes(40 * GiB, ByteUnits::Decimal), std::string("42.9 GB"));
        QCOMPARE(formatBytes(45e9, ByteUnits::Binary), std::string("41.9 GiB")); // TensorRT-LLM's "45 GiB"
        QCOMPARE(formatRate(55.4e9), std::string("55.4 GB/s"));
    }

    void formatTokensAsPeopleSayThem()
    {
        QCOMPARE(formatTokens(131072), std::string("128K"));
        QCOMPARE(formatTokens(4096), std::string("4K"));
        QCOMPARE(formatTokens(1048576), std::string("1M"));
        QCOMPARE(formatTokens(1536), std::string("1,536")); // below 10K, not whole K: exact
        QCOMPARE(formatTokens(1000), std::string("1,000"));
        QCOMPARE(formatTokens(544), std::string("544"));
        QCOMPARE(formatTokens(0), std::string("0"));
        // Every other count in full: a rounded binary "97.7K" or "93.1G" reads as the decimal
        // figure it is not.
        QCOMPARE(formatTokens(100000), std::string("100,000"));
        QCOMPARE(formatTokens(266352), std::string("266,352"));
        QCOMPARE(formatTokens(99999999999), std::string("99,999,999,999"));
        QCOMPARE(formatTokens(10485760), std::string("10M"));
        QCOMPARE(formatTokens(1073741824.0 * 3), std::string("3,221,225,472"));
        QCOMPARE(formatTokens(1e18), std::string("1e18"));
    }

    void formatCounts()
    {
        QCOMPARE(formatCount(0), std::string("0"));
        QCOMPARE(formatCount(999), std::string("999"));
        QCOMPARE(formatCount(131072), std::string("131,072"));
        QCOMPARE(formatCount(42949672960), std::string("42,949,672,960"));
        QCOMPARE(formatCount(-1234567), std::string("-1,234,567"));
        QCOMPARE(formatCount(0.5), std::string("0.5"));
        QCOMPARE(formatCount(9007199254740992.0 * 4), std::string("3.603e16"));
        QCOMPARE(formatCount(std::numeric_limits<double>::quiet_NaN()), std::string("n/a"));
    }

    void csvFiguresWithoutNoise()
    {
        // A spreadsheet reader sees the figure, not the binary float behind it.
        QCOMPARE(csvNumber(0.37499999999999994), std::string("0.375"));
        QCOMPARE(csvNumber(6088.325237306042), std::string("6088.32523731"));
        // Byte and token counts are whole: 42,168,385,753.04 B of SSD is written 42168385753.
        QCOMPARE(csvNumber(42168385753.039375), std::string("42168385753"));
        QCOMPARE(csvNumber(327680), std::string("327680"));
        QCOMPARE(csvNumber(0), std::string("0"));
        QCOMPARE(csvNumber(-2.5), std::string("-2.5"));
        QCOMPARE(csvNumber(3.2e18), std::string("3.2e+18")); // beyond 2^53 no integer is exact
        QCOMPARE(csvNumber(std::numeric_limits<double>::quiet_NaN()), std::string());
        QCOMPARE(csvPreamble({ "kvtiers 1.0: kvtiers sweep --workload chat", "two\nlines" }),
            std::string("# kvtiers 1.0: kvtiers sweep --workload chat\n# two lines\n"));
    }

    void formatSecondsAcrossScales()
    {
        QCOMPARE(formatSeconds(0), std::string("0 s"));
        QCOMPARE(formatSeconds(2.46e-3), std::string("2.46 ms"));
        QCOMPARE(formatSeconds(840e-6), std::string("840 µs"));
        QCOMPARE(formatSeconds(1.2), std::string("1.2 s"));
        QCOMPARE(formatSeconds(186), std::string("3.1 min"));
        QCOMPARE(formatSeconds(2.4 * 3600), std::string("2.4 h"));
        QCOMPARE(formatSeconds(std::numeric_limits<double>::infinity()), std::string("never"));
        QCOMPARE(formatSeconds(3 * 86400), std::string("3 days"));
        QCOMPARE(formatSeconds(999 * 86400), std::string("999 days"));
        // A latency beyond a day serves no one: it says so, not "9.54e4 years".
        QCOMPARE(formatLatency(2.5), std::string("2.5 s"));
        QCOMPARE(formatLatency(86400), std::string("24 h"));
        QCOMPARE(formatLatency(86401), std::string("> 1 day"));
        QCOMPARE(formatLatency(3e12), std::string("> 1 day"));
        QCOMPARE(formatLatency(std::numeric_limits<double>::infinity()), std::string("never"));
        QCOMPARE(formatSeconds(2000 * 365.25 * 86400), std::string("2000 years"));
        // A 1e12-token prefill: not "3486159574 days".
        QCOMPARE(formatSeconds(3486159574.0 * 86400), std::string("9.54e6 years"));
    }
};

QTEST_APPLESS_MAIN(TestUnits)
#include "tst_units.moc"

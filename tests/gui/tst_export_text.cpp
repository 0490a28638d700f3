// The words on exported charts: counts carry the noun the CLI gives them ("1 GPU per
// server", "2 GPUs"), and a tornado's footnote says how it moved rates, in points, as the
// CLI's sensitivity does (±50% of a 0% rate would be no move at all).

#include "core/analysis/Sensitivity.h"
#include "tests/support/TestSupport.h"
#include "ui/app/Language.h"
#include "ui/export/ChartExporter.h"
#include "ui/export/SensitivityExport.h"

#include <QtTest>

using namespace kvtiers;
using namespace kvtiers::ui;
using namespace kvtiers::test;

namespace {

Scenario withGpus(int gpusPerServer)
{
    Scenario s = workloadScenario("chat");
    s.hardware.gpusPerServer = gpusPerServer;
    return s;
}

} // namespace

class TestExportText : public QObject {
    Q_OBJECT
private slots:
    void nounsFollowTheCount()
    {
        QCOMPARE(ChartExporter::gpusText(1), QStringLiteral("1 GPU"));
        QCOMPARE(ChartExporter::gpusText(2), QStringLiteral("2 GPUs"));
        QCOMPARE(ChartExporter::gpusText(1000), QStringLiteral("1,000 GPUs"));
        QCOMPARE(ChartExporter::serversText(1), QStringLiteral("1 server"));
        QCOMPARE(ChartExporter::serversText(2), QStringLiteral("2 servers"));
        QCOMPARE(ChartExporter::replicasText(1), QStringLiteral("1 replica"));
        QCOMPARE(ChartExporter::replicasText(2), QStringLiteral("2 replicas"));
    }

    void footnotesSayOneGpuAndTwoGpus()
    {
        for (int n : { 1, 2 }) {
            const Scenario s = withGpus(n);
            const EvalResult r = evaluate(s);
            const QString want
                = n == 1 ? QStringLiteral("(1 GPU per server, ") : QStringLiteral("(2 GPUs per server, ");
            const QString tier = ChartExporter::footnote(s, r);
            QVERIFY2(tier.contains(want), qPrintable(tier));
            const QString sens = SensitivityExport::scenarioFootnote(s, QString(), ByteUnits::Binary);
            QVERIFY2(sens.contains(want), qPrintable(sens));
            QVERIFY(!tier.contains(QStringLiteral("1 GPUs")) && !sens.contains(QStringLiteral("1 GPUs")));
        }
        // Korean counts with its counter word and no plural.
        installTranslator(kLanguageKorean);
        const QString ko = ChartExporter::footnote(withGpus(1), evaluate(withGpus(1)));
        installTranslator(kLanguageEnglish);
        QVERIFY2(ko.contains(QStringLiteral("서버당 GPU 1개")), qPrintable(ko));
    }

    void tornadoMethodSaysRatesMoveByPoints()
    {
        // The chat card at the default ±50%: its rates (prefix-cache hit rate, offload
        // rate) move by ±25 points, each knob's span of 0.5 × 100 points at range 0.5.
        const SensitivityResult r = sensitivity(workloadScenario("chat"), 0.5);
        const QString method = SensitivityExport::tornadoMethod(r);
        QVERIFY2(method.startsWith(QStringLiteral("Each variable moved by ±50% of its value (rates: ±25 points; KV "
                                                  "format: one step")),
            qPrintable(method));
        QVERIFY(!method.contains(QStringLiteral("shares within")));
        installTranslator(kLanguageKorean);
        const QString ko = SensitivityExport::tornadoMethod(r);
        installTranslator(kLanguageEnglish);
        QVERIFY2(ko.contains(QStringLiteral("±25%p")), qPrintable(ko));
    }
};

QTEST_MAIN(TestExportText)
#include "tst_export_text.moc"

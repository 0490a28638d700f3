// The chart axis tickers: byte axes step in powers of two and label with formatBytes;
// token axes label as people say them.

#include "core/io/Units.h"
#include "ui/charts/ByteTicker.h"
#include "ui/charts/TokenLogTicker.h"

#include <QtTest>

using namespace kvtiers;
using namespace kvtiers::ui;

class TestGuiTicker : public QObject {
    Q_OBJECT
private slots:
    void binarySteps()
    {
        ByteTicker ticker(ByteUnits::Binary);
        QCOMPARE(ticker.stepFor(QCPRange(0, 945 * GiB)), 256 * GiB);
        QCOMPARE(ticker.stepFor(QCPRange(0, 27.9 * TiB)), 8 * TiB);
        QCOMPARE(ticker.stepFor(QCPRange(0, 1)), 1.0);

        QVector<double> ticks;
        QVector<QString> labels;
        ticker.generate(QCPRange(0, 1.2 * TiB), QLocale::c(), QLatin1Char('g'), 6, ticks, nullptr, &labels);
        QVERIFY(labels.contains(QStringLiteral("0")));
        QVERIFY(labels.contains(QStringLiteral("512 GiB")));
        QVERIFY(labels.contains(QStringLiteral("1 TiB")));
    }

    void tokenLabels()
    {
        TokenLogTicker ticker(TokenLogTicker::Labels::Tokens);
        QVector<double> ticks;
        QVector<QString> labels;
        ticker.generate(QCPRange(1024, 2097152), QLocale::c(), QLatin1Char('g'), 6, ticks, nullptr, &labels);
        QVERIFY2(labels.contains(QStringLiteral("4K")), qPrintable(labels.join(u',')));
        QVERIFY(labels.contains(QStringLiteral("1M")));
    }
};

QTEST_MAIN(TestGuiTicker)
#include "tst_gui_ticker.moc"

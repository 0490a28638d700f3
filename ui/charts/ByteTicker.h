#pragma once
// ByteTicker: a QCustomPlot axis ticker for byte axes, in binary or decimal units.
//   binary   steps are powers of two (…, 256 GiB, 512 GiB, 1 TiB, …), so ticks land on
//            the units the article and allocators use;
//   decimal  steps are 1, 2 or 5 × 10^n bytes, so ticks land on round sizes as memory
//            and drives are sold ("500 GB", "2 TB").
// Labels come from kvtiers::formatBytes in the ticker's units. byteTicker() makes one for
// a ByteUnits choice (a chart's units(), ChartBase.h).

#include "core/io/Units.h"

#include <QSharedPointer>
#include <QString>
#include <qcustomplot.h>

namespace kvtiers::ui {

class ByteTicker : public QCPAxisTicker {
public:
    explicit ByteTicker(ByteUnits units);

    ByteUnits units() const { return m_units; }
    /// The step for `range` and the ticker's tick count: the smallest power of two
    /// (binary) or 1-2-5 × 10^n (decimal) at least range / tickCount, so there are never
    /// more ticks than asked for (public for tests).
    double stepFor(const QCPRange& range) const;

protected:
    double getTickStep(const QCPRange& range) override;
    int getSubTickCount(double tickStep) override;
    QString getTickLabel(double tick, const QLocale& locale, QChar formatChar, int precision) override;

private:
    ByteUnits m_units;
};

/// A byte-axis ticker in the given units.
QSharedPointer<QCPAxisTicker> byteTicker(ByteUnits units);
/// The units `ticker` labels bytes in (Binary for a ticker that is not a ByteTicker).
ByteUnits byteTickerUnits(const QSharedPointer<QCPAxisTicker>& ticker);
/// Installs byteTicker(units) on `axis` unless its ticker already shows those units (a
/// chart calls this when it refreshes, so it follows a change of display units).
void ensureByteTicker(QCPAxis* axis, ByteUnits units);

} // namespace kvtiers::ui

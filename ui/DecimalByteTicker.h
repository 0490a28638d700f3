#pragma once
// DecimalByteTicker: the decimal twin of BinaryByteTicker, for byte axes in GB/TB/PB as
// memory and drives are sold. Steps are 1, 2 or 5 × 10^n bytes so ticks land on round
// decimal sizes ("500 GB", "2 TB"); labels come from kvtiers::formatBytes(Decimal).
// byteTicker() picks the binary or decimal ticker for a ByteUnits choice (by default the
// GUI's display units, DisplayUnits.h).

#include "DisplayUnits.h"
#include "Units.h"

#include <QString>
#include <QSharedPointer>

#include <qcustomplot.h>

namespace kvtiers::ui {

class DecimalByteTicker : public QCPAxisTicker {
public:
    DecimalByteTicker();

    /// The 1-2-5 × 10^n step for `range` and the ticker's tick count (public for tests).
    double stepFor(const QCPRange& range) const;

protected:
    double getTickStep(const QCPRange& range) override;
    int getSubTickCount(double tickStep) override;
    QString getTickLabel(double tick, const QLocale& locale, QChar formatChar, int precision) override;
};

/// A byte-axis ticker in the given units (BinaryByteTicker or DecimalByteTicker).
QSharedPointer<QCPAxisTicker> byteTicker(ByteUnits units);
/// A byte-axis ticker in the display units (displayUnits()).
QSharedPointer<QCPAxisTicker> byteTicker();
/// The units `ticker` labels bytes in: Decimal for a DecimalByteTicker, else Binary.
ByteUnits byteTickerUnits(const QSharedPointer<QCPAxisTicker>& ticker);
/// Installs byteTicker(units) on `axis` unless its ticker already shows those units (a
/// chart calls this when it refreshes, so it follows a change of display units).
void ensureByteTicker(QCPAxis* axis, ByteUnits units);

/// formatBytes() in the given units, as a QString (signed values keep their sign).
QString bytesText(double bytes, ByteUnits units);

} // namespace kvtiers::ui

#pragma once
// DecimalByteTicker: the decimal twin of BinaryByteTicker, for byte axes in GB/TB/PB as
// memory and drives are sold. Steps are 1, 2 or 5 × 10^n bytes so ticks land on round
// decimal sizes ("500 GB", "2 TB"); labels come from kvtiers::formatBytes(Decimal).
// byteTicker() picks the binary or decimal ticker for a ByteUnits choice.

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

/// formatBytes() in the given units, as a QString (signed values keep their sign).
QString bytesText(double bytes, ByteUnits units);

} // namespace kvtiers::ui

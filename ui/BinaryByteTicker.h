#pragma once
// BinaryByteTicker: a QCustomPlot axis ticker for byte axes. Steps are powers of two
// (…, 256 GiB, 512 GiB, 1 TiB, …) so ticks land on the binary units the article and
// allocators use, and labels come from kvtiers::formatBytes ("512 GiB", "1.5 TiB").

#include <qcustomplot.h>

namespace kvtiers::ui {

class BinaryByteTicker : public QCPAxisTicker {
public:
    BinaryByteTicker();

    /// The power-of-two step for `range` and the ticker's tick count (public for tests).
    double stepFor(const QCPRange& range) const;

protected:
    double getTickStep(const QCPRange& range) override;
    int getSubTickCount(double tickStep) override;
    QString getTickLabel(double tick, const QLocale& locale, QChar formatChar, int precision) override;
};

} // namespace kvtiers::ui

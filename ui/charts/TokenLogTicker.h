#pragma once
// TokenLogTicker: a logarithmic QCustomPlot ticker for token counts and sequence counts,
// labelled the way people say them ("4K", "128K", "1M"; counts "1", "64", "4,096") by
// the core's formatters.

#include <qcustomplot.h>

namespace kvtiers::ui {

class TokenLogTicker : public QCPAxisTickerLog {
public:
    enum class Labels { Tokens, Count };
    explicit TokenLogTicker(Labels labels);
    void setLabels(Labels labels) { m_labels = labels; }

protected:
    QString getTickLabel(double tick, const QLocale& locale, QChar formatChar, int precision) override;

private:
    Labels m_labels;
};

} // namespace kvtiers::ui

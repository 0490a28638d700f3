#pragma once
// PercentileSpinBox: a latency target's percentile as people write one (core/cards/
// LatencyTargets.h): 1 to 99.99 ("p99", "p99.9"), or the mean, shown as "mean" at the
// spin box's minimum (kMeanPercentile, 0). A value between the mean and 1 (0.99, a
// fraction meant as a percentile) is not one: typing it is refused, and stepping down
// from 1 goes to the mean, stepping up from the mean to 1.

#include <QDoubleSpinBox>

namespace kvtiers::ui {

class PercentileSpinBox : public QDoubleSpinBox {
    Q_OBJECT
public:
    /// The highest percentile shown (two decimals, below 100).
    static constexpr double kMaximum = 99.99;

    explicit PercentileSpinBox(QWidget* parent = nullptr);

    void stepBy(int steps) override;
    QValidator::State validate(QString& input, int& pos) const override;

protected:
    void changeEvent(QEvent* event) override;

private:
    void retranslate();
};

} // namespace kvtiers::ui

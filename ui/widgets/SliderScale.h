#pragma once
// SliderScale: tick marks and labels ("4K", "128K", "1M") drawn under a QSlider at given
// slider positions, aligned with the slider's handle centre. QSlider itself only draws
// evenly spaced ticks, which a logarithmic slider cannot use.

#include <QList>
#include <QPair>
#include <QWidget>

class QSlider;

namespace kvtiers::ui {

class SliderScale : public QWidget {
    Q_OBJECT
public:
    SliderScale(QSlider* slider, QList<QPair<int, QString>> ticks, QWidget* parent = nullptr);
    QSize sizeHint() const override;
    QSize minimumSizeHint() const override { return sizeHint(); }

protected:
    void paintEvent(QPaintEvent* event) override;

private:
    QSlider* m_slider;
    QList<QPair<int, QString>> m_ticks;
};

} // namespace kvtiers::ui

#pragma once
// SliderScale: tick marks and labels ("4K", "128K", "1M") drawn under a QSlider at given
// slider positions, aligned with the slider's handle centre. QSlider itself only draws
// evenly spaced ticks, which a logarithmic slider cannot use.

#include <QList>
#include <QPair>
#include <QPixmap>
#include <QRect>
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
    /// What the drawn scale depends on: it is drawn again only when one of these changes,
    /// not each time a moving handle repaints the panel around it.
    struct Look {
        QSize size;
        qreal pixelRatio = 0;
        QRgb pen = 0;
        QString font;
        QRect groove;
        int handleWidth = 0;
        int offset = 0;
        int minimum = 0;
        int maximum = 0;
        bool operator==(const Look&) const = default;
    };

    QSlider* m_slider;
    QList<QPair<int, QString>> m_ticks;
    Look m_drawnLook;
    QPixmap m_drawn;
};

} // namespace kvtiers::ui

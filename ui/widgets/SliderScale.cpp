#include "ui/widgets/SliderScale.h"

#include <QPainter>
#include <QSlider>
#include <QStyle>
#include <QStyleOptionSlider>

namespace kvtiers::ui {

SliderScale::SliderScale(QSlider* slider, QList<QPair<int, QString>> ticks, QWidget* parent)
    : QWidget(parent)
    , m_slider(slider)
    , m_ticks(std::move(ticks))
{
    QFont f = font();
    f.setPointSizeF(f.pointSizeF() * 0.85);
    setFont(f);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
}

QSize SliderScale::sizeHint() const
{
    return { 100, fontMetrics().height() + 5 };
}

void SliderScale::paintEvent(QPaintEvent*)
{
    QStyleOptionSlider opt;
    opt.initFrom(m_slider);
    opt.orientation = Qt::Horizontal;
    opt.minimum = m_slider->minimum();
    opt.maximum = m_slider->maximum();
    opt.sliderPosition = m_slider->sliderPosition();
    const QRect groove = m_slider->style()->subControlRect(QStyle::CC_Slider, &opt, QStyle::SC_SliderGroove, m_slider);
    const QRect handle = m_slider->style()->subControlRect(QStyle::CC_Slider, &opt, QStyle::SC_SliderHandle, m_slider);
    const int offset = m_slider->mapTo(parentWidget(), QPoint(0, 0)).x() - pos().x();
    const Look look { size(), devicePixelRatioF(), palette().color(QPalette::PlaceholderText).rgba(), font().key(),
        groove, handle.width(), offset, opt.minimum, opt.maximum };

    // The labels are shaped text: drawn once per look, then copied while a handle moves.
    if (look != m_drawnLook || m_drawn.isNull()) {
        m_drawn = QPixmap(size() * look.pixelRatio);
        m_drawn.setDevicePixelRatio(look.pixelRatio);
        m_drawn.fill(Qt::transparent);
        QPainter p(&m_drawn);
        p.setPen(QColor::fromRgba(look.pen));
        p.setFont(font());
        const QFontMetrics fm = fontMetrics();
        const int span = groove.width() - handle.width();
        for (const auto& [position, text] : m_ticks) {
            const int x = offset + groove.x() + handle.width() / 2
                + QStyle::sliderPositionFromValue(opt.minimum, opt.maximum, position, span);
            p.drawLine(x, 0, x, 3);
            const int w = fm.horizontalAdvance(text);
            const int left = std::clamp(x - w / 2, 0, std::max(0, width() - w));
            p.drawText(left, 4 + fm.ascent(), text);
        }
        m_drawnLook = look;
    }
    QPainter(this).drawPixmap(0, 0, m_drawn);
}

} // namespace kvtiers::ui

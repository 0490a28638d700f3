#include "ui/scenario/SliderField.h"

#include "core/io/InputError.h"
#include "ui/scenario/SliderScale.h"
#include "ui/text/Translate.h"

#include <QGridLayout>
#include <QLineEdit>
#include <QSignalBlocker>
#include <QSlider>

namespace kvtiers::ui {

SliderField::SliderField(Mapping mapping, QWidget* parent)
    : QWidget(parent)
    , m_mapping(std::move(mapping))
{
    auto* grid = new QGridLayout(this);
    grid->setContentsMargins(0, 0, 0, 0);
    grid->setHorizontalSpacing(8);
    grid->setVerticalSpacing(0);
    m_slider = new QSlider(Qt::Horizontal, this);
    m_slider->setRange(m_mapping.minPosition, m_mapping.maxPosition);
    m_slider->setPageStep(std::max(1, (m_mapping.maxPosition - m_mapping.minPosition) / 20));
    m_edit = new QLineEdit(this);
    m_edit->setMaximumWidth(fontMetrics().horizontalAdvance(QStringLiteral("0000,000,000")));
    m_edit->setAlignment(Qt::AlignRight);
    grid->addWidget(m_slider, 0, 0);
    grid->addWidget(m_edit, 0, 1);
    if (!m_mapping.ticks.isEmpty()) {
        m_scale = new SliderScale(m_slider, m_mapping.ticks, this);
        grid->addWidget(m_scale, 1, 0);
    }
    grid->setColumnStretch(0, 1);

    // valueChanged, not sliderReleased: recompute while the hand moves (keyboard too).
    connect(m_slider, &QSlider::valueChanged, this, &SliderField::onSliderMoved);
    connect(m_edit, &QLineEdit::editingFinished, this, &SliderField::onEditFinished);
}

void SliderField::setValue(double value)
{
    m_value = value;
    if (!m_slider->isSliderDown()) {
        const QSignalBlocker block(m_slider);
        m_slider->setValue(m_mapping.toPosition(value));
        if (m_scale)
            m_scale->update();
    }
    if (!m_edit->hasFocus() || !m_edit->isModified())
        m_edit->setText(m_mapping.format(value));
}

void SliderField::onSliderMoved(int position)
{
    const double v = m_mapping.toValue(position);
    if (v == m_value)
        return;
    m_value = v;
    m_edit->setText(m_mapping.format(v));
    emit valueEdited(v);
}

void SliderField::onEditFinished()
{
    if (!m_edit->isModified())
        return;
    m_edit->setModified(false);
    try {
        const QString typed = m_edit->text();
        const double v = m_mapping.parse(typed);
        m_value = v;
        {
            const QSignalBlocker block(m_slider);
            m_slider->setValue(m_mapping.toPosition(v));
        }
        m_edit->setText(m_mapping.format(v));
        if (m_mapping.taken)
            emit inputTaken(m_mapping.taken(typed, v));
        emit valueEdited(v);
    } catch (const InputError& e) {
        m_edit->setText(m_mapping.format(m_value));
        emit inputRejected(translated(e.message())); // the UI language, English if uncoded
    }
}

} // namespace kvtiers::ui

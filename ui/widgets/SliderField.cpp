#include "ui/widgets/SliderField.h"

#include "core/io/InputError.h"
#include "core/io/Units.h"
#include "core/scenario/Knobs.h"
#include "ui/text/Translate.h"
#include "ui/text/UnitsText.h"
#include "ui/widgets/PercentInput.h"
#include "ui/widgets/SliderScale.h"

#include <QCoreApplication>
#include <QGridLayout>
#include <QLabel>
#include <QLineEdit>
#include <QSignalBlocker>
#include <QSlider>

#include <cmath>
#include <string_view>

namespace kvtiers::ui {

namespace {

/// A mark beside one end of the slider, shown while the value lies beyond that end.
QLabel* makeMark(const QString& arrow, QWidget* parent)
{
    auto* mark = new QLabel(arrow, parent);
    QFont f = mark->font();
    f.setBold(true);
    mark->setFont(f);
    QPalette p = mark->palette();
    p.setColor(QPalette::WindowText, p.color(QPalette::Highlight));
    mark->setPalette(p);
    mark->setVisible(false);
    return mark;
}

/// How messages name what was typed for the knob, in the language shown when it is typed.
std::string whatOf(const Knob& k)
{
    return QCoreApplication::translate("Knob", k.gui.what ? k.gui.what : k.label).toStdString();
}

} // namespace

SliderField::Mapping SliderField::mappingFor(const Knob& k)
{
    const KnobGui g = k.gui;
    const bool whole = k.value == KnobValue::Tokens || k.value == KnobValue::Count;
    Mapping m;
    if (g.control == KnobControl::LogSlider) {
        m.maxPosition = static_cast<int>(std::lround(g.steps * std::log2(g.max / g.min)));
        m.toValue = [g, whole](int p) {
            const double v = g.min * std::exp2(double(p) / g.steps);
            return whole ? std::round(v) : v;
        };
        m.toPosition
            = [g](double v) { return v > 0 ? static_cast<int>(std::lround(g.steps * std::log2(v / g.min))) : -1; };
    } else {
        m.maxPosition = g.steps;
        m.toValue = [g](int p) { return g.min + (g.max - g.min) * p / g.steps; };
        m.toPosition = [g](double v) { return static_cast<int>(std::lround((v - g.min) / (g.max - g.min) * g.steps)); };
    }
    const Knob* knob = &k; // the table's entries live as long as the program
    if (k.value == KnobValue::Tokens) {
        m.format = [](double v) { return tokensText(v); };
        m.parse = [knob](const QString& t) {
            return parseTokenCount(t.toStdString(), whatOf(*knob), knob->min, knob->max);
        };
    } else if (k.value == KnobValue::Fraction) {
        m.format = [](double v) { return percentText(v); };
        m.parse = [knob](const QString& t) { return readPercentInput(t, whatOf(*knob)); };
        m.taken = [knob](const QString& typed, double v) {
            return percentTakenText(QString::fromStdString(whatOf(*knob)), typed, v);
        };
    } else {
        m.format = [](double v) { return countText(v); };
        m.parse = [knob](const QString& t) {
            return std::string_view(knob->unit) == "sequences"
                ? parseSequenceCount(t.toStdString(), whatOf(*knob), knob->min, knob->max)
                : parseNumberOption(
                    t.toStdString(), whatOf(*knob), knob->min, knob->max, knob->value == KnobValue::Count);
        };
    }
    for (const QString& tick : QString::fromUtf8(g.ticks ? g.ticks : "").split(u'|', Qt::SkipEmptyParts))
        m.ticks.append({ m.toPosition(parseKnobValue(k, tick.toStdString(), "ticks").get<double>()), tick });
    return m;
}

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
    m_belowMark = makeMark(QStringLiteral("◂"), this);
    m_aboveMark = makeMark(QStringLiteral("▸"), this);
    // Hidden marks leave their columns empty: the slider keeps its width until one shows.
    grid->addWidget(m_belowMark, 0, 0);
    grid->addWidget(m_slider, 0, 1);
    grid->addWidget(m_aboveMark, 0, 2);
    grid->addWidget(m_edit, 0, 3);
    if (!m_mapping.ticks.isEmpty()) {
        m_scale = new SliderScale(m_slider, m_mapping.ticks, this);
        grid->addWidget(m_scale, 1, 1);
    }
    grid->setColumnStretch(1, 1);

    // valueChanged, not sliderReleased: recompute while the hand moves (keyboard too).
    connect(m_slider, &QSlider::valueChanged, this, &SliderField::onSliderMoved);
    connect(m_edit, &QLineEdit::editingFinished, this, &SliderField::onEditFinished);
}

void SliderField::setObjectNames(const QString& stem)
{
    m_slider->setObjectName(stem + QStringLiteral("Slider"));
    m_edit->setObjectName(stem + QStringLiteral("Edit"));
    m_belowMark->setObjectName(stem + QStringLiteral("BelowMark"));
    m_aboveMark->setObjectName(stem + QStringLiteral("AboveMark"));
}

void SliderField::setToolTips(const QString& tip)
{
    for (QWidget* w : { static_cast<QWidget*>(this), static_cast<QWidget*>(m_slider), static_cast<QWidget*>(m_edit) })
        w->setToolTip(tip);
}

void SliderField::setValue(double value)
{
    m_value = value;
    if (!m_slider->isSliderDown())
        placeSlider(value);
    if (!m_edit->hasFocus() || !m_edit->isModified())
        m_edit->setText(m_mapping.format(value));
}

void SliderField::placeSlider(double value)
{
    const int position = m_mapping.toPosition(value);
    m_beyond = position < m_mapping.minPosition ? -1 : position > m_mapping.maxPosition ? 1 : 0;
    {
        const QSignalBlocker block(m_slider); // the slider clamps; the value stays the model's
        m_slider->setValue(position);
    }
    if (m_scale)
        m_scale->update();
    QLabel* shown = m_beyond < 0 ? m_belowMark : m_beyond > 0 ? m_aboveMark : nullptr;
    for (QLabel* mark : { m_belowMark, m_aboveMark })
        mark->setVisible(mark == shown);
    if (!shown)
        return;
    const QString end
        = m_mapping.format(m_mapping.toValue(m_beyond < 0 ? m_mapping.minPosition : m_mapping.maxPosition));
    const QString tip = m_beyond < 0
        ? tr("%1 lies below the slider, which starts at %2; the model uses %1.").arg(m_mapping.format(value), end)
        : tr("%1 lies beyond the slider, which ends at %2; the model uses %1.").arg(m_mapping.format(value), end);
    shown->setToolTip(tip);
    shown->setAccessibleName(tip);
}

void SliderField::onSliderMoved(int position)
{
    const double v = m_mapping.toValue(position);
    if (v == m_value)
        return;
    m_value = v;
    m_beyond = 0; // the hand moved it: within the slider
    m_belowMark->setVisible(false);
    m_aboveMark->setVisible(false);
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
        placeSlider(v);
        m_edit->setText(m_mapping.format(v));
        // Every good entry says so (an empty text when there is nothing to add), so a stale
        // message about bad input is cleared.
        emit inputTaken(m_mapping.taken ? m_mapping.taken(typed, v) : QString());
        emit valueEdited(v);
    } catch (const InputError& e) {
        m_edit->setText(m_mapping.format(m_value));
        emit inputRejected(translated(e.message())); // the UI language, English if uncoded
    }
}

} // namespace kvtiers::ui

#pragma once
// SliderField: a slider paired with an editable field, for one scenario knob. The slider
// may be logarithmic (the mapping decides); the field shows the value as people write it
// and accepts typed values ("128k", "50%") through the core's parsers. Every slider
// movement (not only release) emits valueEdited, so views follow the hand.

#include <QWidget>

#include <functional>

class QLineEdit;
class QSlider;

namespace kvtiers::ui {

class SliderScale;

class SliderField : public QWidget {
    Q_OBJECT
public:
    struct Mapping {
        int minPosition = 0;
        int maxPosition = 1000;
        std::function<double(int)> toValue;
        std::function<int(double)> toPosition; ///< clamped by the slider
        std::function<QString(double)> format;
        std::function<double(const QString&)> parse; ///< throws kvtiers::InputError
        QList<QPair<int, QString>> ticks;            ///< labelled positions under the slider
        /// If set, what a typed entry was taken as ("took “30” as 30%"), for inputTaken().
        std::function<QString(const QString& typed, double value)> taken;
    };

    SliderField(Mapping mapping, QWidget* parent = nullptr);

    QSlider* slider() const { return m_slider; }
    QLineEdit* edit() const { return m_edit; }
    double value() const { return m_value; }

    /// Shows `value` (from the model) without emitting valueEdited. Leaves a slider being
    /// dragged and a field being typed in alone.
    void setValue(double value);

signals:
    void valueEdited(double value);
    void inputRejected(const QString& message);
    /// A typed entry was accepted; the message says what it was taken as (Mapping::taken).
    void inputTaken(const QString& message);

private:
    void onSliderMoved(int position);
    void onEditFinished();

    Mapping m_mapping;
    QSlider* m_slider = nullptr;
    QLineEdit* m_edit = nullptr;
    SliderScale* m_scale = nullptr;
    double m_value = 0;
};

} // namespace kvtiers::ui

#pragma once
// SliderField: a slider paired with an editable field, for one scenario knob. The slider
// may be logarithmic (the mapping decides); the field shows the value as people write it
// and accepts typed values ("128k", "50%") through the core's parsers. Every slider
// movement (not only release) emits valueEdited, so views follow the hand.
//
// A value beyond the slider's ends (a card's, or one typed) is shown as it is in the field
// while the slider rests at its end with a mark beside it ("▸" past the right end, "◂"
// before the left) whose tooltip says so; showing it never emits valueEdited, so the
// model keeps the value.

#include <QWidget>

#include <functional>

class QLabel;
class QLineEdit;
class QSlider;

namespace kvtiers {
struct Knob;
}

namespace kvtiers::ui {

class SliderScale;

class SliderField : public QWidget {
    Q_OBJECT
public:
    struct Mapping {
        int minPosition = 0;
        int maxPosition = 1000;
        std::function<double(int)> toValue;
        /// The position of a value, beyond [minPosition, maxPosition] for a value beyond the
        /// slider (the slider is pinned at its end, the mark shown).
        std::function<int(double)> toPosition;
        std::function<QString(double)> format;
        std::function<double(const QString&)> parse; ///< throws kvtiers::InputError
        QList<QPair<int, QString>> ticks;            ///< labelled positions under the slider
        /// If set, what a typed entry was taken as ("took “30” as 30%"), for inputTaken().
        std::function<QString(const QString& typed, double value)> taken;
    };

    /// The slider of a knob table entry (LogSlider or Slider) over its GUI range: steps
    /// of a doubling from gui.min, or even steps; values read, shown and named in messages
    /// the knob's way; ticks at the values the entry names.
    static Mapping mappingFor(const Knob& knob);

    SliderField(Mapping mapping, QWidget* parent = nullptr);

    QSlider* slider() const { return m_slider; }
    QLineEdit* edit() const { return m_edit; }
    double value() const { return m_value; }
    /// −1 while the value lies before the slider's left end, +1 past its right end, else 0.
    int beyondRange() const { return m_beyond; }

    /// Names the widgets `stem` + "Slider", "Edit", "BelowMark" and "AboveMark".
    void setObjectNames(const QString& stem);
    /// The tooltip of the field, its slider and its edit.
    void setToolTips(const QString& tip);

    /// Shows `value` (from the model) without emitting valueEdited. Leaves a slider being
    /// dragged and a field being typed in alone.
    void setValue(double value);

signals:
    void valueEdited(double value);
    void inputRejected(const QString& message);
    /// A typed entry was accepted; the message says what it was taken as (Mapping::taken),
    /// empty when the mapping has nothing to add.
    void inputTaken(const QString& message);

private:
    void onSliderMoved(int position);
    void onEditFinished();
    /// Moves the slider to `value` (pinned at an end beyond it) and shows or hides the marks.
    void placeSlider(double value);

    Mapping m_mapping;
    QSlider* m_slider = nullptr;
    QLineEdit* m_edit = nullptr;
    QLabel* m_belowMark = nullptr;
    QLabel* m_aboveMark = nullptr;
    SliderScale* m_scale = nullptr;
    double m_value = 0;
    int m_beyond = 0;
};

} // namespace kvtiers::ui

#pragma once
// ScenarioCommand: one undoable scenario change (before/after specs), applied through
// ScenarioController::applySpec. Consecutive commands editing the same knob within
// kMergeWindowMs merge, so a slider drag is one undo step rather than hundreds.

#include "core/catalog/ScenarioSpec.h"
#include "ui/common/StateCommand.h"
#include "ui/scenario/ScenarioController.h"

namespace kvtiers::ui {

using ScenarioCommand = StateCommand<ScenarioController, ScenarioSpec, &ScenarioController::applySpec, 1>;

} // namespace kvtiers::ui

#pragma once
// InputError: the one exception type the core throws for bad input (cards, option
// values, scenarios). Its message names the file or option, the field and the problem,
// in words a user can act on. Callers at the edges (CLI, GUI) catch it and show it.

#include <stdexcept>
#include <string>

namespace kvtiers {

class InputError : public std::runtime_error {
public:
    explicit InputError(const std::string& message) : std::runtime_error(message) {}
};

} // namespace kvtiers

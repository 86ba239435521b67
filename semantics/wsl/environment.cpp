// WSL.ott `R [ x -> val ]`.
#include "semantics/wsl/ast.h"

namespace plumb::wsl {

EnvironmentP Environment::extend(const std::string& name, const Value& v) const {
  auto r = std::make_shared<Environment>(*this);
  r->bindings[name] = v;
  return r;
}

}  // namespace plumb::wsl

// WSL memory: typed cells at byte addresses, and the memory events of the execution rules
// (WSL.ott `E`: `addr <- rval` store, `addr -> rval` load; seed "Memory events and program order").
//
// A cell holds one scalar, pointer or array reference at the address of its first byte; an
// aggregate is stored as its elements at their offsets (sizes and strides of checker/wsl
// layout.cpp). Padding bytes are not kept: no WSL operation reads them (docs/ambiguities.md, WSL
// W14).
#pragma once

#include <map>
#include <string>
#include <vector>

#include "checker/wsl/checked_program.h"

namespace plumb::wsl {

struct MemoryEvent {
  /// Store and Load (WSL.ott); ReadModifyWrite and Barrier (seed "Fences and atomic
  /// operations": the Interlocked functions' RMW, the barriers' fence).
  enum class Kind { Store, Load, ReadModifyWrite, Barrier } kind = Kind::Store;
  Address address = 0;
  Value value;  // Store: the value stored; Load: the value read; RMW: the value written
  Value read{};  // ReadModifyWrite: the value read
  bool atomic = false;
  std::string barrier{};  // Barrier: its name and call site (`AllMemoryBarrierWithGroupSync@3:5`)
};
std::string eventText(const MemoryEvent& e);

class Memory {
 public:
  /// The value of type `t` at `a`. A cell never written reads as an unspecified value of its type.
  Value load(const CheckedProgram& p, const TypeP& t, Address a) const;
  void store(const CheckedProgram& p, const Value& v, Address a);
  const std::map<Address, Value>& cells() const { return cells_; }

 private:
  std::map<Address, Value> cells_;
};

}  // namespace plumb::wsl

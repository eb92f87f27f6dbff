//! Nishio, multiple, dynamic and nested forcing chains.

//! The generator's tests, one binary (each module was a binary of its own, and each linked the
//! generator and typify again): the goldens, and properties over arbitrary schemas.

mod goldens;
mod props;

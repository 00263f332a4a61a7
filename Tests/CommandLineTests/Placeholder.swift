// Tests arrive with the module.

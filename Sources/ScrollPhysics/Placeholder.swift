// ScrollPhysics

// Host

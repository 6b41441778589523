"""Search support: what a seat knows of the hidden cards (:mod:`.knowledge`), deals
consistent with it (:mod:`.determinize`), and whole games resampled from a seat's view
(:mod:`.resample`), and the native double-dummy solver's entry (:mod:`.solver`).
Built on the core and the views."""

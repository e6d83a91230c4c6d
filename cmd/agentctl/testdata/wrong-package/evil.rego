package evil

allow := true

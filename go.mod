module github.com/foothold/foothold

go 1.26.8

require (
	github.com/go-gl/mathgl v1.2.0
	github.com/qmuntal/gltf v0.28.0
)

require (
	github.com/kyroy/kdtree v0.0.0-20200419114247-70830f883f1d
	golang.org/x/image v0.25.0
	gonum.org/v1/gonum v0.17.0
	gopkg.in/yaml.v3 v3.0.1
)

require github.com/kyroy/priority-queue v0.0.0-20180327160706-6e21825e7e0c // indirect

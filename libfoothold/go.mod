module github.com/foothold/foothold/libfoothold

go 1.26.8

require (
	github.com/foothold/foothold v0.0.0
	github.com/go-gl/mathgl v1.2.0
)

require (
	github.com/qmuntal/gltf v0.28.0 // indirect
	gopkg.in/yaml.v3 v3.0.1 // indirect
)

replace github.com/foothold/foothold => ../
